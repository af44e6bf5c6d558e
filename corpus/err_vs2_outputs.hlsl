// shpack: --profile=vs_2_x
// errors: vs_2_x has no output register for NORMAL, TEXCOORD8 or COLOR2.
struct VS_OUTPUT
{
    float4 Pos   : POSITION;
    float3 N     : NORMAL;
    float2 UV    : TEXCOORD8;
    float4 Extra : COLOR2;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; return o; }
