// Typedefs are followed to the type they name: Coord is a float2, Frame a
// float3 array of two (a typedef of an array: Axes takes TEXCOORD1..2), and
// Skin a typedef carrying row_major, so the float2x4 is two rows of four.
// A typedef of a typedef resolves as well (Scalar -> Weight -> half).
typedef float2              Coord;
typedef float3              Frame[2];
typedef row_major float2x4  Skin;
typedef half                Weight;
typedef Weight              Scalar;

struct VS_OUTPUT
{
    float4 Pos  : POSITION;
    Coord  Uv   : TEXCOORD0;
    Frame  Axes : TEXCOORD1;
    Skin   Bone : TEXCOORD3;
    Scalar Bias : TEXCOORD5;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
