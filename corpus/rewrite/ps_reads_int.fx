// shpack: rewrite --all
// render: VS PS = 2.75 0.25 5.5 1.5 -1.25 3 0.5 0.125
//
// The pixel shader reads float outputs as int and bool. Shader Model 3 has
// no integer interpolators: the values arrive as the vertex shader wrote
// them, and the original draws 2.75 where its int input holds 2.75. The
// rewrite declares those registers int and bool on the pixel side, so that
// nothing converts them on the way (a float read into an int would be
// truncated), and keeps them apart from float members.
struct VS_OUT
{
    float4 Pos : POSITION;
    float  A   : TEXCOORD0;
    float  B   : TEXCOORD1;
    float2 C   : TEXCOORD2;
    float  D   : TEXCOORD3;
    float  E   : TEXCOORD4;
};

VS_OUT VS(float4 p : POSITION)
{
    VS_OUT o;
    o.Pos = p;
    o.A = 2.75;
    o.B = 0.25;
    o.C = float2(1.5, -1.25);
    o.D = 0.5;
    o.E = 0.125;
    return o;
}

float4 PS(int a : TEXCOORD0, bool b : TEXCOORD1, int2 c : TEXCOORD2, out float4 c1 : COLOR1, float d : TEXCOORD3, float e : TEXCOORD4) : COLOR0
{
    c1 = float4(c.y, a + 0.25, d, e);
    return float4(a, b, a * 2, c.x);
}

technique T { pass P { VertexShader = compile vs_3_0 VS(); PixelShader = compile ps_3_0 PS(); } }
