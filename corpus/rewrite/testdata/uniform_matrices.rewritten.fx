// shpack: rewrite
// render: VS PS = 0.25 0.5 -0.75 1 1.25 1.5 -1.75 2 2.25 2.5 -2.75 0
//
// Eight uniform matrices as parameters, bound by the technique to globals
// (the application sets them; the render check sets no constants, so they
// read 0), and eleven scalar
// outputs: too many interpolators for vs_3_0 with one register per
// semantic. A rewrite that wrapped this function made the compiler copy
// the matrices into temporaries: vkd3d 1.17 went from r5 to r49, past
// vs_3_0's r31, and the program drew zeros. Edited in place it costs
// nothing.
float4x4 World, View, Proj, Bone0, Bone1, Bone2, Bone3, Bone4;

struct VS_OUT
{
    float4 Pos : POSITION;
    float a : TEXCOORD0; float b : TEXCOORD1; float c : TEXCOORD2; float d : TEXCOORD3;
    float e : TEXCOORD4; float f : TEXCOORD5; float g : TEXCOORD6; float h : TEXCOORD7;
    float i : TEXCOORD8; float j : TEXCOORD9; float k : TEXCOORD10;
};

// Added by shpack: VS writes its 12 outputs packed into 3 general registers
// (strategy optimal; one register per semantic takes 11, vs_3_0 has 10). It
// returns them as a VS_Packed: each return goes through VS_RETURN.
struct VS_Packed
{
    float4 r0 : POSITION0;       // o0: Pos
    float4 r1 : TEXCOORD0;       // o1: a = .x, b = .y, c = .z, d = .w
    float4 r2 : TEXCOORD4;       // o2: e = .x, f = .y, g = .z, h = .w
    float3 r3 : TEXCOORD8;       // o3: i = .x, j = .y, k = .z
};
#define VS_RETURN(shpack_e) \
    { VS_Packed shpack_out; \
    shpack_out.r0 = (shpack_e).Pos; \
    shpack_out.r1 = float4((shpack_e).a, (shpack_e).b, (shpack_e).c, (shpack_e).d); \
    shpack_out.r2 = float4((shpack_e).e, (shpack_e).f, (shpack_e).g, (shpack_e).h); \
    shpack_out.r3 = float3((shpack_e).i, (shpack_e).j, (shpack_e).k); \
    return shpack_out; }
#line 22 "corpus/rewrite/uniform_matrices.fx"
VS_Packed VS(float4 p : POSITION, uniform float4x4 M0, uniform float4x4 M1, uniform float4x4 M2, uniform float4x4 M3,
          uniform float4x4 M4, uniform float4x4 M5, uniform float4x4 M6, uniform float4x4 M7)
{
    VS_OUT o;
    o.Pos = p + mul(p, M0);
    float4 q = mul(mul(mul(mul(mul(mul(mul(p, M1), M2), M3), M4), M5), M6), M7);
    o.a = q.x + 0.25; o.b = q.y + 0.5; o.c = q.z - 0.75; o.d = q.w + 1;
    o.e = 1.25; o.f = 1.5; o.g = -1.75; o.h = 2;
    o.i = 2.25; o.j = 2.5; o.k = -2.75;
    VS_RETURN(o)
}

// Added by shpack: PS reads 3 registers that VS writes packed (strategy
// optimal). It takes them as a PS_Packed, and PS_UNPACK declares the
// parameters that read them as locals and fills them.
struct PS_Packed
{
    float4 r1 : TEXCOORD0;       // o1: i.a = .x, i.b = .y, i.c = .z, i.d = .w
    float4 r2 : TEXCOORD4;       // o2: i.e = .x, i.f = .y, i.g = .z, i.h = .w
    float3 r3 : TEXCOORD8;       // o3: i.i = .x, i.j = .y, i.k = .z
};
#define PS_UNPACK \
    VS_OUT i = (VS_OUT)0; \
    i.a = shpack_in.r1.x; \
    i.b = shpack_in.r1.y; \
    i.c = shpack_in.r1.z; \
    i.d = shpack_in.r1.w; \
    i.e = shpack_in.r2.x; \
    i.f = shpack_in.r2.y; \
    i.g = shpack_in.r2.z; \
    i.h = shpack_in.r2.w; \
    i.i = shpack_in.r3.x; \
    i.j = shpack_in.r3.y; \
    i.k = shpack_in.r3.z;
#line 34 "corpus/rewrite/uniform_matrices.fx"
float4 PS(PS_Packed shpack_in, /* VS_OUT i */ out float4 c1 : COLOR1, out float4 c2 : COLOR2) : COLOR0
{ PS_UNPACK
    c1 = float4(i.e, i.f, i.g, i.h);
    c2 = float4(i.i, i.j, i.k, 0);
    return float4(i.a, i.b, i.c, i.d);
}

technique T { pass P { VertexShader = compile vs_3_0 VS(World, View, Proj, Bone0, Bone1, Bone2, Bone3, Bone4); PixelShader = compile ps_3_0 PS(); } }
