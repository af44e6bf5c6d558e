// shpack: part-of header_ifdef_vs.hlsl
// The pixel stage's wrapper: the full variant of the header's shader.
#define FULL
#define main main_unpacked
#line 4 "corpus/rewrite/header_ifdef_ps.hlsl"
#include "../rewrite/header_ifdef.psh"
#undef main
#line 3 "corpus/rewrite/header_ifdef.psh"
#ifdef FULL
// Added by shpack: main reads 5 registers that main writes packed (strategy
// optimal). It takes them as a main_Packed2, and main_UNPACK declares the
// parameters that read them as locals and fills them.
#if !(defined(FULL))
#error "shpack rewrote main for one permutation (-DFULL): its interface depends on FULL. Rewrite it with the permutations listed (one source for all), or for each permutation apart"
#endif
struct main_Packed2
{
    float4 r1 : TEXCOORD0;       // o1: I.uv = .xy, I.a = .zw
    float4 r2 : TEXCOORD2;       // o2: I.b = .xy, I.c = .zw
    float4 r3 : TEXCOORD4;       // o3: I.d = .xy, I.e = .zw
    float4 r4 : TEXCOORD6;       // o4: I.f = .xy, I.g = .z, I.h = .w
    float2 r5 : TEXCOORD9;       // o5: I.k = .x, I.l = .y
};
#define main_UNPACK \
    V2P_full I = (V2P_full)0; \
    I.uv = shpack_in.r1.xy; \
    I.a = shpack_in.r1.zw; \
    I.b = shpack_in.r2.xy; \
    I.c = shpack_in.r2.zw; \
    I.d = shpack_in.r3.xy; \
    I.e = shpack_in.r3.zw; \
    I.f = shpack_in.r4.xy; \
    I.g = shpack_in.r4.z; \
    I.h = shpack_in.r4.w; \
    I.k = shpack_in.r5.x; \
    I.l = shpack_in.r5.y;
#line 4 "corpus/rewrite/header_ifdef.psh"
float4 main(main_Packed2 shpack_in, /* V2P_full I */ out float4 c1 : COLOR1, out float4 c2 : COLOR2, out float4 c3 : COLOR3) : COLOR0
#else
float4 main(V2P_flat I) : COLOR0
#endif
{ main_UNPACK
#ifdef FULL
    c1 = float4(I.b, I.c);
    c2 = float4(I.d, I.e);
    c3 = float4(I.f, I.g, I.h);
#endif
    return float4(I.uv, I.a);
}
#line 5 "corpus/rewrite/header_ifdef_ps.hlsl"
