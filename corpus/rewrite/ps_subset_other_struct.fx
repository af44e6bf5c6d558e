// shpack: rewrite
// render: WaterVS WaterPS = 0.875 1.25 0.125 0.25 1.875 2 0.375 1.125 0.0625 0.125 0.1875 0.25 0 1 0 1
//
// The pixel shader takes a struct of its own: a subset of the vertex
// outputs, in another order, one of them narrower than what the vertex
// shader writes (a float2 read of a float3 output), one wider (a float4 read
// of a float2, as DirectX SDK samples do: the rewrite passes z = 0, w = 1).
struct WATER_VS_OUT
{
    float4 Pos     : POSITION;
    float2 UV      : TEXCOORD0;
    float3 Normal  : TEXCOORD1;
    float3 View    : TEXCOORD2;
    float  Fresnel : TEXCOORD3;
    float  Depth   : TEXCOORD4;
    float  Foam    : TEXCOORD5;
    float  Caustic : TEXCOORD6;
    float  Ripple  : TEXCOORD7;
    float  Shore   : TEXCOORD8;
    float2 Flow    : TEXCOORD9;
    float4 Tint    : COLOR0;
};

struct WATER_PS_IN
{
    float2 Flow    : TEXCOORD9;
    float4 Tint    : COLOR0;
    float  Fresnel : TEXCOORD3;
    float2 View    : TEXCOORD2;
    float4 UV      : TEXCOORD0;
    float  Shore   : TEXCOORD8;
};

WATER_VS_OUT WaterVS(float4 p : POSITION)
{
    WATER_VS_OUT o;
    o.Pos = p;
    o.UV = float2(0.125, 0.25);
    o.Normal = float3(0.375, 0.5, 0.625);
    o.View = float3(0.375, 1.125, 1.375);
    o.Fresnel = 0.875;
    o.Depth = 1.0;
    o.Foam = 1.5;
    o.Caustic = 1.625;
    o.Ripple = 1.75;
    o.Shore = 1.25;
    o.Flow = float2(1.875, 2.0);
    o.Tint = float4(0.0625, 0.125, 0.1875, 0.25);
    return o;
}

void WaterPS(WATER_PS_IN In, out float4 c0 : COLOR0, out float4 c1 : COLOR1, out float4 c2 : COLOR2, out float4 c3 : COLOR3)
{
    c0 = float4(In.Fresnel, In.Shore, In.UV.xy);
    c3 = float4(In.UV.zw, In.UV.zw);
    c1 = float4(In.Flow, In.View);
    c2 = In.Tint;
}

technique Water
{
    pass P0
    {
        VertexShader = compile vs_3_0 WaterVS();
        PixelShader = compile ps_3_0 WaterPS();
    }
}
