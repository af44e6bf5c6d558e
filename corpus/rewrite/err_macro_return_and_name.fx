// shpack: rewrite
//
// One macro spells the vertex shader's return type and its name: the
// return type must become the packed struct, and shpack cannot replace
// part of an invocation. The error names the macro and where it is
// defined.
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
#define DECLARE_VS(name) VS_OUTPUT name

DECLARE_VS(LightVS)(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; o.A = 0.25; o.K = 1.5; return o; }
float4 PS(VS_OUTPUT i) : COLOR0 { return i.A + i.K; }

technique T { pass P { VertexShader = compile vs_3_0 LightVS(); PixelShader = compile ps_3_0 PS(); } }
