// Struct members of struct type flatten depth-first. A semantic on the outer
// member overrides the fields' semantics and numbers them consecutively.
struct Surface
{
    float3 Normal  : NORMAL;
    float2 UV      : TEXCOORD0;
};

struct VS_OUTPUT
{
    float4  Pos     : POSITION;
    Surface Base;                  // NORMAL0, TEXCOORD0
    Surface Detail  : TEXCOORD4;   // TEXCOORD4, TEXCOORD5 (overrides)
    float   Fade    : TEXCOORD1;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; return o; }
