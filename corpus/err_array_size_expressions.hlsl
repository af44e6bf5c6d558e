// errors: array sizes that are constant but not usable: a division by
// zero, a size of zero, a float constant, and a static const defined in
// terms of itself.
#define LAYERS 0
static const float SCALE = 2.0;
static const int LOOP = LOOP + 1;

struct VS_OUTPUT
{
    float4 Pos            : POSITION;
    float  A[4 / LAYERS]  : TEXCOORD0;
    float  B[LAYERS]      : TEXCOORD4;
    float  C[SCALE]       : TEXCOORD8;
    float  D[LOOP]        : TEXCOORD12;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
