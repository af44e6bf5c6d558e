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

// Added by shpack: WaterVS writes its 12 outputs packed into 5 general
// registers (strategy optimal; one register per semantic takes 11, vs_3_0 has
// 10). It returns them as a WaterVS_Packed: each return goes through
// WaterVS_RETURN.
struct WaterVS_Packed
{
    float4 r0 : POSITION0;       // o0: Pos
    float4 r1 : COLOR0;          // o1: Tint = .xyzw
    float4 r2 : TEXCOORD1;       // o2: Normal = .xyz, Fresnel = .w
    float4 r3 : TEXCOORD2;       // o3: View = .xyz, Depth = .w
    float4 r4 : TEXCOORD0;       // o4: UV = .xy, Flow = .zw
    float4 r5 : TEXCOORD5;       // o5: Foam = .x, Caustic = .y, Ripple = .z, Shore = .w
};
#define WaterVS_RETURN(shpack_e) \
    { WaterVS_Packed shpack_out; \
    shpack_out.r0 = (shpack_e).Pos; \
    shpack_out.r1 = (shpack_e).Tint; \
    shpack_out.r2 = float4((shpack_e).Normal, (shpack_e).Fresnel); \
    shpack_out.r3 = float4((shpack_e).View, (shpack_e).Depth); \
    shpack_out.r4 = float4((shpack_e).UV, (shpack_e).Flow); \
    shpack_out.r5 = float4((shpack_e).Foam, (shpack_e).Caustic, (shpack_e).Ripple, (shpack_e).Shore); \
    return shpack_out; }
#line 34 "corpus/rewrite/ps_subset_other_struct.fx"
WaterVS_Packed WaterVS(float4 p : POSITION)
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
    WaterVS_RETURN(o)
}

// Added by shpack: WaterPS reads 5 registers that WaterVS writes packed
// (strategy optimal). It takes them as a WaterPS_Packed, and WaterPS_UNPACK
// declares the parameters that read them as locals and fills them.
struct WaterPS_Packed
{
    float4 r1 : COLOR0;          // o1: In.Tint = .xyzw
    float4 r2 : TEXCOORD1;       // o2: In.Fresnel = .w
    float4 r3 : TEXCOORD2;       // o3: In.View = .xy
    float4 r4 : TEXCOORD0;       // o4: In.UV = .xy, In.Flow = .zw
    float4 r5 : TEXCOORD5;       // o5: In.Shore = .w
};
#define WaterPS_UNPACK \
    WATER_PS_IN In; \
    In.Flow = shpack_in.r4.zw; \
    In.Tint = shpack_in.r1; \
    In.Fresnel = shpack_in.r2.w; \
    In.View = shpack_in.r3.xy; \
    In.UV = float4(shpack_in.r4.xy, 0, 1); \
    In.Shore = shpack_in.r5.w;
#line 52 "corpus/rewrite/ps_subset_other_struct.fx"
void WaterPS(WaterPS_Packed shpack_in, /* WATER_PS_IN In */ out float4 c0 : COLOR0, out float4 c1 : COLOR1, out float4 c2 : COLOR2, out float4 c3 : COLOR3)
{ WaterPS_UNPACK
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
