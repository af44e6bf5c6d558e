// shpack: rewrite
//
// A vertex shader that must be packed for vs_3_0 is also compiled for
// vs_2_0 by another technique, whose pixel shader would then read
// registers the rewrite moved.
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

VS_OUTPUT VS(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
float4 PS(VS_OUTPUT i) : COLOR0 { return i.A + i.K; }
float4 PS2(VS_OUTPUT i) : COLOR0 { return i.A; }

technique SM3 { pass P0 { VertexShader = compile vs_3_0 VS(); PixelShader = compile ps_3_0 PS(); } }
technique SM2 { pass P0 { VertexShader = compile vs_2_0 VS(); PixelShader = compile ps_2_0 PS2(); } }
