// shpack: rewrite --vs-entry=MainVS --ps-entry=MainPS two_files_ps.hlsl
// render: MainVS MainPS@two_files_ps.hlsl = 0.125 0.25 0.375 0.5 0.625 0.75 0.875 1 1.125 1.25 1.375 1.5 1.625 1.75 1.875 2
//
// A vertex shader and a pixel shader in two files that include one struct:
// each file is rewritten (one output per input); the header is not touched.
#include "../rewrite/two_files_common.fxh"

// Added by shpack: MainVS writes its 12 outputs packed into 5 general
// registers (strategy optimal; one register per semantic takes 11, vs_3_0 has
// 10). It returns them as a MainVS_Packed: each return goes through
// MainVS_RETURN.
struct MainVS_Packed
{
    float4 r0 : POSITION0;       // o0: Position
    float4 r1 : TEXCOORD1;       // o1: WorldPos = .xyz, Fog = .w
    float4 r2 : TEXCOORD2;       // o2: Normal = .xyz, Height = .w
    float4 r3 : TEXCOORD3;       // o3: Tangent = .xyz, Wetness = .w
    float4 r4 : TEXCOORD0;       // o4: UV = .xy, Ao = .z, Curv = .w
    float2 r5 : TEXCOORD9;       // o5: Mask = .x, Blend = .y
};
#define MainVS_RETURN(shpack_e) \
    { MainVS_Packed shpack_out; \
    shpack_out.r0 = (shpack_e).Position; \
    shpack_out.r1 = float4((shpack_e).WorldPos, (shpack_e).Fog); \
    shpack_out.r2 = float4((shpack_e).Normal, (shpack_e).Height); \
    shpack_out.r3 = float4((shpack_e).Tangent, (shpack_e).Wetness); \
    shpack_out.r4 = float4((shpack_e).UV, (shpack_e).Ao, (shpack_e).Curv); \
    shpack_out.r5 = float2((shpack_e).Mask, (shpack_e).Blend); \
    return shpack_out; }
#line 8 "corpus/rewrite/two_files_vs.hlsl"
MainVS_Packed MainVS(float4 p : POSITION)
{
    VS_OUTPUT o;
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
    o.Mask = 2.125;
    o.Blend = 2.25;
    MainVS_RETURN(o)
}
