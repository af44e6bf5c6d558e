// An effect file: globals with annotations, samplers with sampler_state
// blocks, strings with braces and helper functions are skipped; the
// technique names the vertex shader, whose outputs are packed.
float4x4 g_mWorldViewProjection : WORLDVIEWPROJECTION < string UIName = "WVP {matrix}"; >;
float    g_fTime : TIME;
texture  g_MeshTexture < string ResourceName = "tiny.bmp"; >;

sampler MeshTextureSampler = sampler_state
{
    Texture = <g_MeshTexture>;
    MipFilter = LINEAR;
    MinFilter = LINEAR;
    MagFilter = LINEAR;
};

struct VS_OUTPUT
{
    float4 Position : POSITION;
    float4 Diffuse  : COLOR0;
    float2 TexUV    : TEXCOORD0;
    float  Fog      : TEXCOORD1;
    float3 Normal   : TEXCOORD2;
};

float3 Lighting(float3 n) { return saturate(dot(n, float3(0, 1, 0))); }

VS_OUTPUT RenderSceneVS(float4 vPos : POSITION, float3 vNormal : NORMAL, float2 vTexCoord0 : TEXCOORD0)
{
    VS_OUTPUT Output;
    Output.Position = mul(vPos, g_mWorldViewProjection);
    Output.Diffuse = float4(Lighting(vNormal), 1);
    Output.TexUV = vTexCoord0;
    Output.Fog = g_fTime;
    Output.Normal = vNormal;
    return Output;
}

float4 RenderScenePS(VS_OUTPUT In) : COLOR0
{
    return tex2D(MeshTextureSampler, In.TexUV) * In.Diffuse;
}

technique RenderScene
{
    pass P0
    {
        VertexShader = compile vs_3_0 RenderSceneVS();
        PixelShader  = compile ps_3_0 RenderScenePS();
    }
}
