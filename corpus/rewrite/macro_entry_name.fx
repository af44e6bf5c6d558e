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

VS_OUTPUT VS_NAME(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; o.A = 0.25; o.K = 1.5; return o; }
float4 PS(VS_OUTPUT i) : COLOR0 { return i.A + i.K; }

technique T { pass P { VertexShader = compile vs_3_0 VS_NAME(); PixelShader = compile ps_3_0 PS(); } }
