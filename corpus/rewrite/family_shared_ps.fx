// shpack: rewrite
// render: BigVS SharedPS = 0.125 1.25 0.5 0.75
// render: SmallVS SharedPS = 2.5 -1.5 0.5 0.75
//
// One pixel shader linked with two vertex shaders whose outputs differ: a
// big one that overflows with one register per semantic, and a small one
// with an output of its own. Packed alone they would put what the pixel
// shader reads in different places, so they are packed as one family: A, K
// and the shared UV sit where the pixel shader reads them after either.
struct BIG_OUT
{
    float4 Pos : POSITION;
    float  A   : TEXCOORD0;
    float  B   : TEXCOORD1;
    float  C   : TEXCOORD2;
    float  D   : TEXCOORD3;
    float  E   : TEXCOORD4;
    float  F   : TEXCOORD5;
    float  G   : TEXCOORD6;
    float  H   : TEXCOORD7;
    float  I   : TEXCOORD8;
    float  J   : TEXCOORD9;
    float  K   : TEXCOORD10;
    float2 UV  : TEXCOORD11;
};

struct SMALL_OUT
{
    float4 Pos  : POSITION;
    float3 Own  : TEXCOORD12;
    float  A    : TEXCOORD0;
    float2 UV   : TEXCOORD11;
    float  K    : TEXCOORD10;
};

BIG_OUT BigVS(float4 p : POSITION)
{
    BIG_OUT o;
    o.Pos = p;
    o.A = 0.125;
    o.B = 0.25;
    o.C = 0.375;
    o.D = 0.5;
    o.E = 0.625;
    o.F = 0.75;
    o.G = 0.875;
    o.H = 1.0;
    o.I = 1.125;
    o.J = 1.25;
    o.K = 1.25;
    o.UV = float2(0.5, 0.75);
    return o;
}

SMALL_OUT SmallVS(float4 p : POSITION)
{
    SMALL_OUT o;
    o.Pos = p;
    o.Own = float3(3.0, 3.25, 3.5);
    o.A = 2.5;
    o.UV = float2(0.5, 0.75);
    o.K = -1.5;
    return o;
}

float4 SharedPS(float a : TEXCOORD0, float k : TEXCOORD10, float2 uv : TEXCOORD11) : COLOR0
{
    return float4(a, k, uv);
}

technique Big { pass P0 { VertexShader = compile vs_3_0 BigVS(); PixelShader = compile ps_3_0 SharedPS(); } }
technique Small { pass P0 { VertexShader = compile vs_3_0 SmallVS(); PixelShader = compile ps_3_0 SharedPS(); } }
