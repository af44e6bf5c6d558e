// shpack: rewrite
//
// The vertex shader is defined in an included header, which shpack leaves
// as it is: a macro renames the header's definition around the #include,
// and the edited copy follows it.
#define IncludedVS IncludedVS_unpacked
#line 6 "corpus/rewrite/entry_in_include.fx"
#include "../rewrite/entry_in_include.fxh"
#undef IncludedVS
// Added by shpack: IncludedVS writes its 12 outputs packed into 3 general
// registers (strategy optimal; one register per semantic takes 11, vs_3_0 has
// 10). It returns them as a IncludedVS_Packed: each return goes through
// IncludedVS_RETURN.
struct IncludedVS_Packed
{
    float4 r0 : POSITION0;       // o0: Pos
    float4 r1 : TEXCOORD0;       // o1: A = .x, B = .y, C = .z, D = .w
    float4 r2 : TEXCOORD4;       // o2: E = .x, F = .y, G = .z, H = .w
    float3 r3 : TEXCOORD8;       // o3: I = .x, J = .y, K = .z
};
#define IncludedVS_RETURN(shpack_e) \
    { IncludedVS_Packed shpack_out; \
    shpack_out.r0 = (shpack_e).Pos; \
    shpack_out.r1 = float4((shpack_e).A, (shpack_e).B, (shpack_e).C, (shpack_e).D); \
    shpack_out.r2 = float4((shpack_e).E, (shpack_e).F, (shpack_e).G, (shpack_e).H); \
    shpack_out.r3 = float3((shpack_e).I, (shpack_e).J, (shpack_e).K); \
    return shpack_out; }
#line 18 "corpus/rewrite/entry_in_include.fxh"
IncludedVS_Packed IncludedVS(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; IncludedVS_RETURN(o) }
#line 7 "corpus/rewrite/entry_in_include.fx"

// Added by shpack: PS reads 3 registers that IncludedVS writes packed
// (strategy optimal). It takes them as a PS_Packed, and PS_UNPACK declares
// the parameters that read them as locals and fills them.
struct PS_Packed
{
    float4 r1 : TEXCOORD0;       // o1: i.A = .x, i.B = .y, i.C = .z, i.D = .w
    float4 r2 : TEXCOORD4;       // o2: i.E = .x, i.F = .y, i.G = .z, i.H = .w
    float3 r3 : TEXCOORD8;       // o3: i.I = .x, i.J = .y, i.K = .z
};
#define PS_UNPACK \
    VS_OUTPUT i = (VS_OUTPUT)0; \
    i.A = shpack_in.r1.x; \
    i.B = shpack_in.r1.y; \
    i.C = shpack_in.r1.z; \
    i.D = shpack_in.r1.w; \
    i.E = shpack_in.r2.x; \
    i.F = shpack_in.r2.y; \
    i.G = shpack_in.r2.z; \
    i.H = shpack_in.r2.w; \
    i.I = shpack_in.r3.x; \
    i.J = shpack_in.r3.y; \
    i.K = shpack_in.r3.z;
#line 8 "corpus/rewrite/entry_in_include.fx"
float4 PS(PS_Packed shpack_in /* VS_OUTPUT i */) : COLOR0 { PS_UNPACK return i.A + i.K; }

technique T { pass P { VertexShader = compile vs_3_0 IncludedVS(); PixelShader = compile ps_3_0 PS(); } }
