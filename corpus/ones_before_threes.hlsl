// Declaration-order first fit loses here: two scalars open a register that
// the float3s cannot use. First-fit decreasing pairs each float3 with a
// scalar: 2 general registers instead of 3.
struct VS_OUTPUT
{
    float4 Pos   : POSITION;
    float  Depth : TEXCOORD0;
    float  Fade  : TEXCOORD1;
    float3 View  : TEXCOORD2;
    float3 Light : TEXCOORD3;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; return o; }
