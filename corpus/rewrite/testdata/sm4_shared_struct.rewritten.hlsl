// shpack: rewrite --vs-entry=VSMain --ps-entry=PSMain
// render: VSMain PSMain = 0.125 0.25 0.375 0.5 0.625 0.75 0.875 1 1.125 1.25 1.375 1.5 1.625 1.75 1.875 2
//
// An SM4-style interface: one struct shared by the vertex and the pixel
// shader, SV_Position and SV_Target, no techniques. Twelve narrow members
// take 12 general registers with one register per semantic (fxc: "too many
// interpolators"); packed they fill 4.
struct VSOut
{
    float4 pos    : SV_Position;
    float2 uv     : TEXCOORD0;
    float  fade   : TEXCOORD1;
    float  depth  : TEXCOORD2;
    float3 normal : TEXCOORD3;
    float  a      : TEXCOORD4;
    float  b      : TEXCOORD5;
    float  c      : TEXCOORD6;
    float  d      : TEXCOORD7;
    float  e      : TEXCOORD8;
    float  f      : TEXCOORD9;
    float  g      : TEXCOORD10;
    float2 h      : TEXCOORD11;
};

struct PSOut
{
    float4 c0 : SV_Target0;
    float4 c1 : SV_Target1;
    float4 c2 : SV_Target2;
    float4 c3 : SV_Target3;
};

// Added by shpack: VSMain writes its 13 outputs packed into 4 general
// registers (strategy optimal; one register per semantic takes 12, vs_3_0 has
// 10). It returns them as a VSMain_Packed: each return goes through
// VSMain_RETURN.
struct VSMain_Packed
{
    float4 r0 : SV_POSITION0;    // o0: pos
    float4 r1 : TEXCOORD3;       // o1: normal = .xyz, fade = .w
    float4 r2 : TEXCOORD0;       // o2: uv = .xy, h = .zw
    float4 r3 : TEXCOORD2;       // o3: depth = .x, a = .y, b = .z, c = .w
    float4 r4 : TEXCOORD7;       // o4: d = .x, e = .y, f = .z, g = .w
};
#define VSMain_RETURN(shpack_e) \
    { VSMain_Packed shpack_out; \
    shpack_out.r0 = (shpack_e).pos; \
    shpack_out.r1 = float4((shpack_e).normal, (shpack_e).fade); \
    shpack_out.r2 = float4((shpack_e).uv, (shpack_e).h); \
    shpack_out.r3 = float4((shpack_e).depth, (shpack_e).a, (shpack_e).b, (shpack_e).c); \
    shpack_out.r4 = float4((shpack_e).d, (shpack_e).e, (shpack_e).f, (shpack_e).g); \
    return shpack_out; }
#line 33 "corpus/rewrite/sm4_shared_struct.hlsl"
VSMain_Packed VSMain(float4 position : POSITION)
{
    VSOut o;
    o.pos = position;
    o.uv = float2(0.125, 0.25);
    o.fade = 0.375;
    o.depth = 0.5;
    o.normal = float3(0.625, 0.75, 0.875);
    o.a = 1.0;
    o.b = 1.125;
    o.c = 1.25;
    o.d = 1.375;
    o.e = 1.5;
    o.f = 1.625;
    o.g = 1.75;
    o.h = float2(1.875, 2.0);
    VSMain_RETURN(o)
}

// Added by shpack: PSMain reads 4 registers that VSMain writes packed
// (strategy optimal). It takes them as a PSMain_Packed, and PSMain_UNPACK
// declares the parameters that read them as locals and fills them.
struct PSMain_Packed
{
    float4 r1 : TEXCOORD3;       // o1: i.normal = .xyz, i.fade = .w
    float4 r2 : TEXCOORD0;       // o2: i.uv = .xy, i.h = .zw
    float4 r3 : TEXCOORD2;       // o3: i.depth = .x, i.a = .y, i.b = .z, i.c = .w
    float4 r4 : TEXCOORD7;       // o4: i.d = .x, i.e = .y, i.f = .z, i.g = .w
};
#define PSMain_UNPACK \
    VSOut i = (VSOut)0; \
    i.pos = float4(shpack_vpos, 0, 1); \
    i.uv = shpack_in.r2.xy; \
    i.fade = shpack_in.r1.w; \
    i.depth = shpack_in.r3.x; \
    i.normal = shpack_in.r1.xyz; \
    i.a = shpack_in.r3.y; \
    i.b = shpack_in.r3.z; \
    i.c = shpack_in.r3.w; \
    i.d = shpack_in.r4.x; \
    i.e = shpack_in.r4.y; \
    i.f = shpack_in.r4.z; \
    i.g = shpack_in.r4.w; \
    i.h = shpack_in.r2.zw;
#line 52 "corpus/rewrite/sm4_shared_struct.hlsl"
PSOut PSMain(PSMain_Packed shpack_in, float2 shpack_vpos : VPOS0 /* VSOut i */)
{ PSMain_UNPACK
    PSOut o;
    o.c0 = float4(i.uv, i.fade, i.depth);
    o.c1 = float4(i.normal, i.a);
    o.c2 = float4(i.b, i.c, i.d, i.e);
    o.c3 = float4(i.f, i.g, i.h);
    return o;
}
