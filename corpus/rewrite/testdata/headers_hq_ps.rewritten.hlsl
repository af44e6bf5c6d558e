// shpack: part-of headers_hq_vs.hlsl
// The pixel stage's wrapper of headers_hq_vs.hlsl.
#define HQ 1
#define main main_unpacked2
#line 4 "corpus/rewrite/headers_hq_ps.hlsl"
#include "../rewrite/headers_lit.psh"
#undef main
// Added by shpack: main reads 4 registers that main writes packed (strategy
// optimal). It takes them as a main_Packed2, and main_UNPACK declares the
// parameters that read them as locals and fills them.
struct main_Packed2
{
    float4 r1 : TEXCOORD1;       // o1: In.WorldPos = .xyz, In.Fog = .w
    float4 r2 : TEXCOORD2;       // o2: In.Normal = .xyz, In.Height = .w
    float4 r3 : TEXCOORD3;       // o3: In.Tangent = .xyz, In.Wetness = .w
    float4 r4 : TEXCOORD0;       // o4: In.UV = .xy, In.Ao = .z, In.Curv = .w
};
#define main_UNPACK \
    LIT_IN In; \
    In.UV = shpack_in.r4.xy; \
    In.WorldPos = shpack_in.r1.xyz; \
    In.Normal = shpack_in.r2.xyz; \
    In.Tangent = shpack_in.r3.xyz; \
    In.Fog = shpack_in.r1.w; \
    In.Height = shpack_in.r2.w; \
    In.Wetness = shpack_in.r3.w; \
    In.Ao = shpack_in.r4.z; \
    In.Curv = shpack_in.r4.w;
#line 17 "corpus/rewrite/headers_lit.psh"
float4 main(main_Packed2 shpack_in, /* LIT_IN In */ out float4 c1 : COLOR1, out float4 c2 : COLOR2, out float4 c3 : COLOR3) : COLOR0
{ main_UNPACK
    c1 = float4(In.WorldPos.z, In.Normal);
    c2 = float4(In.Tangent, In.Fog);
    c3 = float4(In.Height, In.Wetness, In.Ao, In.Curv);
    return float4(In.UV, In.WorldPos.xy);
}
#line 5 "corpus/rewrite/headers_hq_ps.hlsl"
