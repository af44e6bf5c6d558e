// shpack: rewrite
// render: LightVS PS = 1.75 1.75 1.75 1.75
//
// The vertex shader's name comes from a macro. The rewrite edits the
// function in place and renames nothing, so the name may: the technique
// still compiles LightVS.
#define VS_NAME LightVS

struct VS_OUTPUT
{
    float4 Pos : POSITION;
    float A : TEXCOORD0;
    float B : TEXCOORD1;
    float C : TEXCOORD2;
    float D : TEXCOORD3;
    float E : TEXCOORD4;
    float F : TEXCOORD5;
    float G : TEXCOORD6;
    float H : TEXCOORD7;
    float I : TEXCOORD8;
    float J : TEXCOORD9;
    float K : TEXCOORD10;
};

// Added by shpack: LightVS writes its 12 outputs packed into 3 general
// registers (strategy optimal; one register per semantic takes 11, vs_3_0 has
// 10). It returns them as a LightVS_Packed: each return goes through
// LightVS_RETURN.
struct LightVS_Packed
{
    float4 r0 : POSITION0;       // o0: Pos
    float4 r1 : TEXCOORD0;       // o1: A = .x, B = .y, C = .z, D = .w
    float4 r2 : TEXCOORD4;       // o2: E = .x, F = .y, G = .z, H = .w
    float3 r3 : TEXCOORD8;       // o3: I = .x, J = .y, K = .z
};
#define LightVS_RETURN(shpack_e) \
    { LightVS_Packed shpack_out; \
    shpack_out.r0 = (shpack_e).Pos; \
    shpack_out.r1 = float4((shpack_e).A, (shpack_e).B, (shpack_e).C, (shpack_e).D); \
    shpack_out.r2 = float4((shpack_e).E, (shpack_e).F, (shpack_e).G, (shpack_e).H); \
    shpack_out.r3 = float3((shpack_e).I, (shpack_e).J, (shpack_e).K); \
    return shpack_out; }
#line 25 "corpus/rewrite/macro_entry_name.fx"
LightVS_Packed VS_NAME(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; o.A = 0.25; o.K = 1.5; LightVS_RETURN(o) }
// Added by shpack: PS reads 3 registers that LightVS writes packed (strategy
// optimal). It takes them as a PS_Packed, and PS_UNPACK declares the
// parameters that read them as locals and fills them.
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
#line 26 "corpus/rewrite/macro_entry_name.fx"
float4 PS(PS_Packed shpack_in /* VS_OUTPUT i */) : COLOR0 { PS_UNPACK return i.A + i.K; }

technique T { pass P { VertexShader = compile vs_3_0 VS_NAME(); PixelShader = compile ps_3_0 PS(); } }
