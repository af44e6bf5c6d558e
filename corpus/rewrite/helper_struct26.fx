// shpack: rewrite
// render: VS PS = 3.25 0.125 1.75 -1.0 -2.5 0.375 2.875 1.375 0.75 2.25 0.25 3.125 1.25 1.875 -0.5 2.625
//
// A vertex shader that returns a struct of 26 floats built by a helper
// function: a wrapper copied the returned struct into temporaries (vkd3d
// 1.17: r0 to r34). The rewrite repeats the call in the registers'
// constructors instead, which the compiler folds. The pixel shader reads
// 16 of them in another order.
struct VS_OUT
{
    float4 Pos : POSITION;
    float f0 : TEXCOORD0;
    float f1 : TEXCOORD1;
    float f2 : TEXCOORD2;
    float f3 : TEXCOORD3;
    float f4 : TEXCOORD4;
    float f5 : TEXCOORD5;
    float f6 : TEXCOORD6;
    float f7 : TEXCOORD7;
    float f8 : TEXCOORD8;
    float f9 : TEXCOORD9;
    float f10 : TEXCOORD10;
    float f11 : TEXCOORD11;
    float f12 : TEXCOORD12;
    float f13 : TEXCOORD13;
    float f14 : TEXCOORD14;
    float f15 : TEXCOORD15;
    float f16 : TANGENT0;
    float f17 : TANGENT1;
    float f18 : TANGENT2;
    float f19 : TANGENT3;
    float f20 : TANGENT4;
    float f21 : TANGENT5;
    float f22 : TANGENT6;
    float f23 : TANGENT7;
    float f24 : TANGENT8;
    float f25 : TANGENT9;
};

VS_OUT Make(float4 p)
{
    VS_OUT o;
    o.Pos = p;
    o.f0 = 0.125;
    o.f1 = 0.25;
    o.f2 = 0.375;
    o.f3 = -0.5;
    o.f4 = 0.625;
    o.f5 = 0.75;
    o.f6 = 0.875;
    o.f7 = -1.0;
    o.f8 = 1.125;
    o.f9 = 1.25;
    o.f10 = 1.375;
    o.f11 = -1.5;
    o.f12 = 1.625;
    o.f13 = 1.75;
    o.f14 = 1.875;
    o.f15 = -2.0;
    o.f16 = 2.125;
    o.f17 = 2.25;
    o.f18 = 2.375;
    o.f19 = -2.5;
    o.f20 = 2.625;
    o.f21 = 2.75;
    o.f22 = 2.875;
    o.f23 = -3.0;
    o.f24 = 3.125;
    o.f25 = 3.25;
    return o;
}

VS_OUT VS(float4 p : POSITION)
{
    return Make(p);
}

float4 PS(VS_OUT i, out float4 c1 : COLOR1, out float4 c2 : COLOR2, out float4 c3 : COLOR3) : COLOR0
{
    c1 = float4(i.f19, i.f2, i.f22, i.f10);
    c2 = float4(i.f5, i.f17, i.f1, i.f24);
    c3 = float4(i.f9, i.f14, i.f3, i.f20);
    return float4(i.f25, i.f0, i.f13, i.f7);
}

technique T { pass P { VertexShader = compile vs_3_0 VS(); PixelShader = compile ps_3_0 PS(); } }
