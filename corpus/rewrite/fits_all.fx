// shpack: rewrite --all
// render: SimpleVS SimplePS = 0.25 0.5 0.75 1 0.125 0.375 0.625 0.875
//
// A pair that fits with one register per semantic, rewritten anyway with
// --all: the original and the rewrite must draw the same values. It also
// has a VFACE input, passed through unchanged, and a pass without a pixel
// shader.
struct VS_OUTPUT
{
    float4 Position : POSITION;
    float2 A : TEXCOORD0;
    float2 B : TEXCOORD1;
    float3 C : TEXCOORD2;
    float  D : TEXCOORD3;
};

VS_OUTPUT SimpleVS(float4 p : POSITION)
{
    VS_OUTPUT o;
    o.Position = p;
    o.A = float2(0.25, 0.5);
    o.B = float2(0.75, 1.0);
    o.C = float3(0.125, 0.375, 0.625);
    o.D = 0.875;
    return o;
}

float4 SimplePS(VS_OUTPUT In, out float4 c1 : COLOR1) : COLOR0
{
    c1 = float4(In.C, In.D);
    return float4(In.A, In.B);
}

float4 FacePS(VS_OUTPUT In, float face : VFACE) : COLOR0
{
    return face > 0 ? float4(In.A, In.B) : float4(In.C, In.D);
}

technique Simple
{
    pass P0
    {
        VertexShader = compile vs_3_0 SimpleVS();
        PixelShader = compile ps_3_0 SimplePS();
    }
    pass Faces
    {
        VertexShader = compile vs_3_0 SimpleVS();
        PixelShader = compile ps_3_0 FacePS();
    }
    pass DepthOnly
    {
        VertexShader = compile vs_3_0 SimpleVS();
        PixelShader = NULL;
    }
}
