// shpack: part-of headers_hq_vs.hlsl
// The vertex shader of every quality level: the high one adds the rim
// term, which takes the outputs past vs_3_0's ten registers.
struct LIT_OUT
{
    float4 Position : POSITION;
    float2 UV : TEXCOORD0;
    float3 WorldPos : TEXCOORD1;
    float3 Normal : TEXCOORD2;
    float3 Tangent : TEXCOORD3;
    float Fog : TEXCOORD4;
    float Height : TEXCOORD5;
    float Wetness : TEXCOORD6;
    float Ao : TEXCOORD7;
    float Curv : TEXCOORD8;
    float Gloss : TEXCOORD9;
#if HQ
    float Rim : TEXCOORD10;
#endif
};

LIT_OUT main(float4 p : POSITION)
{
    LIT_OUT o;
    o.Position = p;
    o.UV = float2(0.125, 0.25);
    o.WorldPos = float3(0.375, 0.5, 0.625);
    o.Normal = float3(0.75, 0.875, 1.0);
    o.Tangent = float3(1.125, 1.25, 1.375);
    o.Fog = 1.5;
    o.Height = 1.625;
    o.Wetness = 1.75;
    o.Ao = 1.875;
    o.Curv = 2.0;
    o.Gloss = 0.0625;
#if HQ
    o.Rim = 0.5;
#endif
    return o;
}
