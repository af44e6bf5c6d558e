// shpack: rewrite
//
// Five outputs fit with one register per semantic: nothing is rewritten,
// and the file comes back byte for byte.
struct VS_OUTPUT
{
    float4 Position : POSITION;
    float4 Diffuse  : COLOR0;
    float2 TexUV    : TEXCOORD0;
    float  Fog      : TEXCOORD1;
    float3 Normal   : TEXCOORD2;
};

VS_OUTPUT RenderSceneVS(float4 vPos : POSITION, float3 vNormal : NORMAL)
{
    VS_OUTPUT o = (VS_OUTPUT)0;
    o.Position = vPos;
    o.Normal = vNormal;
    return o;
}

float4 RenderScenePS(VS_OUTPUT In) : COLOR0
{
    return In.Diffuse * In.Fog;
}

technique RenderScene
{
    pass P0
    {
        VertexShader = compile vs_3_0 RenderSceneVS();
        PixelShader  = compile ps_3_0 RenderScenePS();
    }
}
