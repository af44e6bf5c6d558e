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

VS_OUT VS(float4 p : POSITION, uniform float4x4 M0, uniform float4x4 M1, uniform float4x4 M2, uniform float4x4 M3,
          uniform float4x4 M4, uniform float4x4 M5, uniform float4x4 M6, uniform float4x4 M7)
{
    VS_OUT o;
    o.Pos = p + mul(p, M0);
    float4 q = mul(mul(mul(mul(mul(mul(mul(p, M1), M2), M3), M4), M5), M6), M7);
    o.a = q.x + 0.25; o.b = q.y + 0.5; o.c = q.z - 0.75; o.d = q.w + 1;
    o.e = 1.25; o.f = 1.5; o.g = -1.75; o.h = 2;
    o.i = 2.25; o.j = 2.5; o.k = -2.75;
    return o;
}

float4 PS(VS_OUT i, out float4 c1 : COLOR1, out float4 c2 : COLOR2) : COLOR0
{
    c1 = float4(i.e, i.f, i.g, i.h);
    c2 = float4(i.i, i.j, i.k, 0);
    return float4(i.a, i.b, i.c, i.d);
}

technique T { pass P { VertexShader = compile vs_3_0 VS(World, View, Proj, Bone0, Bone1, Bone2, Bone3, Bone4); PixelShader = compile ps_3_0 PS(); } }
