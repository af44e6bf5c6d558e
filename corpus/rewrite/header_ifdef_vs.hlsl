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
#include "header_ifdef.h"

V2P_full main(float4 p : POSITION)
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
    return o;
}
