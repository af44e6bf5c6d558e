// shpack: rewrite --vs-entry=main --ps-entry=main headers_hq_ps.hlsl
// render: main main@headers_hq_ps.hlsl = 0.125 0.25 0.375 0.5 0.625 0.75 0.875 1 1.125 1.25 1.375 1.5 1.625 1.75 1.875 2
//
// An engine that builds quality levels: each stage is a two-line wrapper
// that sets the level and includes the stage's header, where the entry
// point is (both named main). The headers are shared by every level and
// stay as they are; each wrapper gets the edited copy of its stage.
#define HQ 1
#define main main_unpacked
#line 9 "corpus/rewrite/headers_hq_vs.hlsl"
#include "../rewrite/headers_lit.vsh"
#undef main
// Added by shpack: main writes its 12 outputs packed into 5 general registers
// (strategy optimal; one register per semantic takes 11, vs_3_0 has 10). It
// returns them as a main_Packed: each return goes through main_RETURN.
#if !((HQ) == 1)
#error "shpack rewrote main for one permutation (-DHQ): its interface depends on HQ. Rewrite it with the permutations listed (one source for all), or for each permutation apart"
#endif
struct main_Packed
{
    float4 r0 : POSITION0;       // o0: Position
    float4 r1 : TEXCOORD1;       // o1: WorldPos = .xyz, Fog = .w
    float4 r2 : TEXCOORD2;       // o2: Normal = .xyz, Height = .w
    float4 r3 : TEXCOORD3;       // o3: Tangent = .xyz, Wetness = .w
    float4 r4 : TEXCOORD0;       // o4: UV = .xy, Ao = .z, Curv = .w
    float2 r5 : TEXCOORD9;       // o5: Gloss = .x, Rim = .y
};
#define main_RETURN(shpack_e) \
    { main_Packed shpack_out; \
    shpack_out.r0 = (shpack_e).Position; \
    shpack_out.r1 = float4((shpack_e).WorldPos, (shpack_e).Fog); \
    shpack_out.r2 = float4((shpack_e).Normal, (shpack_e).Height); \
    shpack_out.r3 = float4((shpack_e).Tangent, (shpack_e).Wetness); \
    shpack_out.r4 = float4((shpack_e).UV, (shpack_e).Ao, (shpack_e).Curv); \
    shpack_out.r5 = float2((shpack_e).Gloss, (shpack_e).Rim); \
    return shpack_out; }
#line 22 "corpus/rewrite/headers_lit.vsh"
main_Packed main(float4 p : POSITION)
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
    main_RETURN(o)
}
#line 10 "corpus/rewrite/headers_hq_vs.hlsl"
