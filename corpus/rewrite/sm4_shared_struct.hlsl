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

VSOut VSMain(float4 position : POSITION)
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
    return o;
}

PSOut PSMain(VSOut i)
{
    PSOut o;
    o.c0 = float4(i.uv, i.fade, i.depth);
    o.c1 = float4(i.normal, i.a);
    o.c2 = float4(i.b, i.c, i.d, i.e);
    o.c3 = float4(i.f, i.g, i.h);
    return o;
}
