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

WATER_VS_OUT WaterVS_unpacked(float4 p : POSITION)
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

// Added by shpack: WaterVS writes its 12 outputs packed into 5 general registers
// (strategy optimal; one register per semantic takes 11, vs_3_0 has 10).
// WaterVS_unpacked is the vertex shader as written; pixel shaders read the
// registers below by their semantics.
struct WaterVS_Packed
{
    float4 r0 : POSITION0;       // o0: Pos
    float4 r1 : COLOR0;          // o1: Tint = .xyzw
    float4 r2 : TEXCOORD1;       // o2: Normal = .xyz, Fresnel = .w
    float4 r3 : TEXCOORD2;       // o3: View = .xyz, Depth = .w
    float4 r4 : TEXCOORD0;       // o4: UV = .xy, Flow = .zw
    float4 r5 : TEXCOORD5;       // o5: Foam = .x, Caustic = .y, Ripple = .z, Shore = .w
};

WaterVS_Packed WaterVS(float4 p : POSITION)
{
    WATER_VS_OUT shpack_ret = WaterVS_unpacked(p);
    WaterVS_Packed shpack_out = (WaterVS_Packed)0;
    shpack_out.r0 = shpack_ret.Pos;
    shpack_out.r1 = shpack_ret.Tint;
    shpack_out.r2.xyz = shpack_ret.Normal;
    shpack_out.r2.w = shpack_ret.Fresnel;
    shpack_out.r3.xyz = shpack_ret.View;
    shpack_out.r3.w = shpack_ret.Depth;
    shpack_out.r4.xy = shpack_ret.UV;
    shpack_out.r4.zw = shpack_ret.Flow;
    shpack_out.r5.x = shpack_ret.Foam;
    shpack_out.r5.y = shpack_ret.Caustic;
    shpack_out.r5.z = shpack_ret.Ripple;
    shpack_out.r5.w = shpack_ret.Shore;
    return shpack_out;
}
#line 51 "corpus/rewrite/ps_subset_other_struct.fx"

void WaterPS_unpacked(WATER_PS_IN In, out float4 c0 : COLOR0, out float4 c1 : COLOR1, out float4 c2 : COLOR2, out float4 c3 : COLOR3)
{
    c0 = float4(In.Fresnel, In.Shore, In.UV.xy);
    c3 = float4(In.UV.zw, In.UV.zw);
    c1 = float4(In.Flow, In.View);
    c2 = In.Tint;
}

// Added by shpack: WaterPS reads 5 registers that WaterVS writes packed
// (strategy optimal). WaterPS_unpacked is the pixel shader as written.
struct WaterPS_Packed
{
    float4 r1 : COLOR0;          // o1: In.Tint = .xyzw
    float4 r2 : TEXCOORD1;       // o2: In.Fresnel = .w
    float4 r3 : TEXCOORD2;       // o3: In.View = .xy
    float4 r4 : TEXCOORD0;       // o4: In.UV = .xy, In.Flow = .zw
    float4 r5 : TEXCOORD5;       // o5: In.Shore = .w
};

void WaterPS(WaterPS_Packed shpack_in, out float4 c0 : COLOR0, out float4 c1 : COLOR1, out float4 c2 : COLOR2, out float4 c3 : COLOR3)
{
    WATER_PS_IN In = (WATER_PS_IN)0;
    In.Tint = shpack_in.r1;
    In.Fresnel = shpack_in.r2.w;
    In.View = shpack_in.r3.xy;
    In.UV = float4(shpack_in.r4.xy, 0, 1);
    In.Flow = shpack_in.r4.zw;
    In.Shore = shpack_in.r5.w;
    WaterPS_unpacked(In, c0, c1, c2, c3);
}
#line 59 "corpus/rewrite/ps_subset_other_struct.fx"

technique Water
{
    pass P0
    {
        VertexShader = compile vs_3_0 WaterVS();
        PixelShader = compile ps_3_0 WaterPS();
    }
}
