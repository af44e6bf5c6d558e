// shpack: rewrite
//
// One pixel shader linked with two vertex shaders whose outputs pack
// differently: no single rewrite of the pixel shader reads both.
struct BIG_OUT
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

struct SMALL_OUT
{
    float4 Pos : POSITION;
    float A : TEXCOORD0;
    float K : TEXCOORD10;
};

BIG_OUT BigVS(float4 p : POSITION) { BIG_OUT o = (BIG_OUT)0; o.Pos = p; return o; }
SMALL_OUT SmallVS(float4 p : POSITION) { SMALL_OUT o = (SMALL_OUT)0; o.Pos = p; return o; }

float4 SharedPS(float a : TEXCOORD0, float k : TEXCOORD10) : COLOR0 { return a + k; }

technique Big { pass P0 { VertexShader = compile vs_3_0 BigVS(); PixelShader = compile ps_3_0 SharedPS(); } }
technique Small { pass P0 { VertexShader = compile vs_3_0 SmallVS(); PixelShader = compile ps_3_0 SharedPS(); } }
