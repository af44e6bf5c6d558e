// error: a member without a semantic cannot be an output.
struct VS_OUTPUT
{
    float4 Pos : POSITION;
    float2 UV;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; return o; }
