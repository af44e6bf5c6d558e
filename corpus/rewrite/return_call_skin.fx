// shpack: rewrite
// render: VS PS = 2.0 1.5 0.25 2.0 0.25 1.5 -0.5 3.0 0.75 1.0 4.0 0.5 1.0 2.0 3.0 4.0
//
// S.T.A.L.K.E.R.'s model shaders: the work is in _main, defined in the
// effect, and the entry point that returns what it returns is in a
// header the effect includes after it (skin_main.h: "SKIN_VF main(v_model
// v) { return _main(v); }"). The copy of _main that returns the packed
// struct goes with the entry's block, after the #include, where _main
// and its struct are known.
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
};

VS_OUT _main(float4 p, float scale)
{
    VS_OUT o;
    float acc = 0;
    for (int i = 0; i < 3; i++)
        acc += 0.5;
    o.Pos = p;
    o.f0 = sqrt(4.0);
    o.f1 = acc;
    o.f2 = frac(1.25);
    o.f3 = floor(2.75);
    o.f4 = max(0.25, 0.125);
    o.f5 = abs(-1.5);
    o.f6 = -0.5;
    o.f7 = 1.5 * scale;
#ifdef SKIN_HALF
    o.f7 *= 0.5;
#endif
    o.f8 = min(0.75, 2.0);
    o.f9 = scale * 0.5;
    o.f10 = scale * scale;
    o.f11 = 0.25 * scale;
    return o;
}

#define SKIN_VF VS_OUT
#include "return_call_skin.h"

float4 PS(VS_OUT i, out float4 c1 : COLOR1, out float4 c2 : COLOR2, out float4 c3 : COLOR3) : COLOR0
{
    c1 = float4(i.f4, i.f5, i.f6, i.f7);
    c2 = float4(i.f8, i.f9, i.f10, i.f11);
    c3 = float4(1.0, 2.0, 3.0, 4.0);
    return float4(i.f0, i.f1, i.f2, i.f3);
}

technique T { pass P { VertexShader = compile vs_3_0 VS(); PixelShader = compile ps_3_0 PS(); } }
