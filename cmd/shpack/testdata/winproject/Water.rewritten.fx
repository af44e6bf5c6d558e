// Water: the effect a build compiles (fxc /T fx_2_0 Shaders\Water.fx).
#include "..\Common\Lighting.fxh"
#include "..\Common\Lighting.fxh"
#define WaterVS WaterVS_unpacked
#line 4 "Shaders/Water.fx"
#include "../Shaders/WaterVS.fxh"
#undef WaterVS
// Added by shpack: WaterVS writes its 12 outputs packed into 6 general
// registers (strategy optimal; one register per semantic takes 11, vs_3_0 has
// 10). It returns them as a WaterVS_Packed: each return goes through
// WaterVS_RETURN.
struct WaterVS_Packed
{
    float4 r0 : POSITION0;       // o0: Pos
    float4 r1 : COLOR0;          // o1: Tint = .xyzw
    float4 r2 : TEXCOORD1;       // o2: Normal = .xyz, Fog = .w
    float4 r3 : TEXCOORD2;       // o3: View = .xyz, Depth = .w
    float4 r4 : TEXCOORD3;       // o4: Light = .xyz, Foam = .w
    float4 r5 : TEXCOORD0;       // o5: UV = .xy, Wave = .z, Caustic = .w
    float r6 : TEXCOORD9;        // o6: Shore = .x
};
#define WaterVS_RETURN(shpack_e) \
    { WaterVS_Packed shpack_out; \
    shpack_out.r0 = (shpack_e).Pos; \
    shpack_out.r1 = (shpack_e).Tint; \
    shpack_out.r2 = float4((shpack_e).Normal, (shpack_e).Fog); \
    shpack_out.r3 = float4((shpack_e).View, (shpack_e).Depth); \
    shpack_out.r4 = float4((shpack_e).Light, (shpack_e).Foam); \
    shpack_out.r5 = float4((shpack_e).UV, (shpack_e).Wave, (shpack_e).Caustic); \
    shpack_out.r6 = (shpack_e).Shore; \
    return shpack_out; }
#line 2 "Shaders/WaterVS.FXH"
WaterVS_Packed WaterVS(float4 p : POSITION, float3 n : NORMAL)
{
    WATER_OUT o = (WATER_OUT)0;
    o.Pos = p;
    o.UV = p.xy * 0.5;
    o.Normal = n;
    o.Light = float3(0, 1, 0);
    o.Fog = LIGHT_TERM(n, o.Light);
    o.Depth = p.z;
    o.Foam = 0.25;
    o.Tint = float4(0.5, 0.75, 1, 1);
    WaterVS_RETURN(o)
}
#line 5 "Shaders/Water.fx"

// Added by shpack: WaterPS reads 6 registers that WaterVS writes packed
// (strategy optimal). It takes them as a WaterPS_Packed, and WaterPS_UNPACK
// declares the parameters that read them as locals and fills them.
struct WaterPS_Packed
{
    float4 r1 : COLOR0;          // o1: i.Tint = .xyzw
    float4 r2 : TEXCOORD1;       // o2: i.Normal = .xyz, i.Fog = .w
    float4 r3 : TEXCOORD2;       // o3: i.View = .xyz, i.Depth = .w
    float4 r4 : TEXCOORD3;       // o4: i.Light = .xyz, i.Foam = .w
    float4 r5 : TEXCOORD0;       // o5: i.UV = .xy, i.Wave = .z, i.Caustic = .w
    float r6 : TEXCOORD9;        // o6: i.Shore = .x
};
#define WaterPS_UNPACK \
    WATER_OUT i = (WATER_OUT)0; \
    i.UV = shpack_in.r5.xy; \
    i.Normal = shpack_in.r2.xyz; \
    i.View = shpack_in.r3.xyz; \
    i.Light = shpack_in.r4.xyz; \
    i.Fog = shpack_in.r2.w; \
    i.Depth = shpack_in.r3.w; \
    i.Foam = shpack_in.r4.w; \
    i.Wave = shpack_in.r5.z; \
    i.Caustic = shpack_in.r5.w; \
    i.Shore = shpack_in.r6; \
    i.Tint = shpack_in.r1;
#line 6 "Shaders/Water.fx"
float4 WaterPS(WaterPS_Packed shpack_in /* WATER_OUT i */) : COLOR0
{ WaterPS_UNPACK
    return float4(i.UV, i.Fog, i.Depth) + i.Tint * i.Foam;
}

technique Water
{
    pass P0
    {
        VertexShader = compile vs_3_0 WaterVS();
        PixelShader = compile ps_3_0 WaterPS();
    }
}
