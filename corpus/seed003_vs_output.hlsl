// Seed 003's VS_OUTPUT, shared by a vertex shader and PixelShader_Sparkle.
// Six general registers whatever the strategy: nothing here is narrow
// enough to share (packing-anchors.md §6 worked example).
struct VS_OUTPUT
{
    float4 Position   : POSITION;
    float3 Diffuse    : COLOR0;
    float3 Specular   : COLOR1;
    float3 HalfVector : TEXCOORD3;
    float3 Fresnel    : TEXCOORD2;
    float3 Reflection : TEXCOORD0;
    float3 NoiseCoord : TEXCOORD1;
};

VS_OUTPUT SparkleVS(float4 Pos : POSITION, float3 Normal : NORMAL)
{
    VS_OUTPUT Out = (VS_OUTPUT)0;
    Out.Position = Pos;
    return Out;
}
