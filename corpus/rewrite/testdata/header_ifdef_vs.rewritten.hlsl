// shpack: rewrite --vs-entry=main --ps-entry=main header_ifdef_ps.hlsl
// render: main main@header_ifdef_ps.hlsl = 0.125 0.25 0.375 0.5 0.625 0.75 0.875 1 1.125 1.25 1.375 1.5 1.625 1.75 1.875 2
//
// The pixel shader's declaration stands between #if lines in a header
// (S.T.A.L.K.E.R.'s deffer_impl_flat.ps, the Source SDK's
// lightmappedgeneric_ps2_3_x.h): #ifdef FULL / float4 main(V2P_full I) /
// #else / float4 main(V2P_flat I) / #endif / { ... }. Its wrapper defines
// FULL and includes it; the copy of the definition the rewrite puts after
// the #include holds the whole chain, or its #else and #endif would stand
// without their #if.
#include "../rewrite/header_ifdef.h"

// Added by shpack: main writes its 12 outputs packed into 5 general registers
// (strategy optimal; one register per semantic takes 11, vs_3_0 has 10). It
// returns them as a main_Packed: each return goes through main_RETURN.
struct main_Packed
{
    float4 r0 : POSITION0;       // o0: hpos
    float4 r1 : TEXCOORD0;       // o1: uv = .xy, a = .zw
    float4 r2 : TEXCOORD2;       // o2: b = .xy, c = .zw
    float4 r3 : TEXCOORD4;       // o3: d = .xy, e = .zw
    float4 r4 : TEXCOORD6;       // o4: f = .xy, g = .z, h = .w
    float2 r5 : TEXCOORD9;       // o5: k = .x, l = .y
};
#define main_RETURN(shpack_e) \
    { main_Packed shpack_out; \
    shpack_out.r0 = (shpack_e).hpos; \
    shpack_out.r1 = float4((shpack_e).uv, (shpack_e).a); \
    shpack_out.r2 = float4((shpack_e).b, (shpack_e).c); \
    shpack_out.r3 = float4((shpack_e).d, (shpack_e).e); \
    shpack_out.r4 = float4((shpack_e).f, (shpack_e).g, (shpack_e).h); \
    shpack_out.r5 = float2((shpack_e).k, (shpack_e).l); \
    return shpack_out; }
#line 13 "corpus/rewrite/header_ifdef_vs.hlsl"
main_Packed main(float4 p : POSITION)
{
    V2P_full o;
    o.hpos = p;
    o.uv = float2(0.125, 0.25);
    o.a = float2(0.375, 0.5);
    o.b = float2(0.625, 0.75);
    o.c = float2(0.875, 1.0);
    o.d = float2(1.125, 1.25);
    o.e = float2(1.375, 1.5);
    o.f = float2(1.625, 1.75);
    o.g = 1.875;
    o.h = 2.0;
    o.k = 3.0;
    o.l = 4.0;
    main_RETURN(o)
}
