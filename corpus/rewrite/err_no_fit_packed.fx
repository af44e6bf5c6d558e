// shpack: rewrite
//
// Eleven float4 members do not fit in ten registers however they are
// packed: the error names what does not fit.
struct VS_OUTPUT
{
    float4 Pos : POSITION;
    float4 T0 : TEXCOORD0;
    float4 T1 : TEXCOORD1;
    float4 T2 : TEXCOORD2;
    float4 T3 : TEXCOORD3;
    float4 T4 : TEXCOORD4;
    float4 T5 : TEXCOORD5;
    float4 T6 : TEXCOORD6;
    float4 T7 : TEXCOORD7;
    float4 T8 : TEXCOORD8;
    float4 T9 : TEXCOORD9;
    float4 T10 : TEXCOORD10;
};

VS_OUTPUT VS(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
float4 PS(VS_OUTPUT i) : COLOR0 { return i.T0 + i.T10; }

technique T { pass P { VertexShader = compile vs_3_0 VS(); PixelShader = compile ps_3_0 PS(); } }
