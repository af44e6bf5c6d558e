// shpack: --struct=VS_OUTPUT
// error: a vs_3_0 output must declare POSITION0.
struct VS_OUTPUT
{
    float2 UV : TEXCOORD0;
    float4 Color : COLOR0;
};
