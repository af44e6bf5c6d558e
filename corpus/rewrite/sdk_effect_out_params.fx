// shpack: rewrite
// render: SceneVS ScenePS = 0.125 0.25 0.375 0.5 0.625 0.75 0.875 1.5 1 1.125 1.25 1.625 0.0625 0.4375 1.75 1.875
// render: SceneVS FogPS = 1.375 0.6875 1.25 0.9375
//
// DirectX SDK style: out parameters, a uniform parameter bound by the
// techniques, annotations and a sampler_state block; two techniques share
// the vertex shader, and the second pixel shader reads a subset of its
// outputs in another order. Eleven semantics take 11 general registers
// with one register per semantic.
float4x4 g_mWorldViewProj : WORLDVIEWPROJECTION < string UIName = "World View Proj"; >;
float    g_fTime : TIME;
texture  g_DiffuseTexture < string ResourceName = "default.dds"; >;

sampler DiffuseSampler = sampler_state
{
    Texture = <g_DiffuseTexture>;
    MinFilter = LINEAR;
    MagFilter = LINEAR;
};

void SceneVS(float4 vPos : POSITION,
             float3 vNormal : NORMAL,
             out float4 oPos : POSITION,
             out float2 oTex0 : TEXCOORD0,
             out float2 oTex1 : TEXCOORD1,
             out float3 oNormal : TEXCOORD2,
             out float3 oView : TEXCOORD3,
             out float oFog : FOG,
             out float4 oDiffuse : COLOR0,
             out float4 oSpecular : COLOR1,
             out float oDepth : TEXCOORD4,
             out float oShadow : TEXCOORD5,
             out float oRim : TEXCOORD6,
             out float oGlow : TEXCOORD7,
             uniform bool bSpecular)
{
    oPos = vPos;
    oTex0 = float2(0.125, 0.25);
    oTex1 = float2(0.375, 0.5);
    oNormal = float3(0.625, 0.75, 0.875);
    oView = float3(1.0, 1.125, 1.25);
    oFog = 1.375;
    oDiffuse = float4(0.0625, 0.1875, 0.3125, 0.4375);
    // The harness sets no constants: bSpecular reads false.
    oSpecular = bSpecular ? float4(1, 1, 1, 1) : float4(0.5625, 0.6875, 0.8125, 0.9375);
    oDepth = 1.5;
    oShadow = 1.625;
    oRim = 1.75;
    oGlow = 1.875;
}

void ScenePS(float2 tex0 : TEXCOORD0, float2 tex1 : TEXCOORD1, float3 normal : TEXCOORD2,
             float3 view : TEXCOORD3, float4 diffuse : COLOR0, float depth : TEXCOORD4,
             float shadow : TEXCOORD5, float rim : TEXCOORD6, float glow : TEXCOORD7,
             out float4 c0 : COLOR0, out float4 c1 : COLOR1, out float4 c2 : COLOR2, out float4 c3 : COLOR3)
{
    c0 = float4(tex0, tex1);
    c1 = float4(normal, depth);
    c2 = float4(view, shadow);
    c3 = float4(diffuse.x, diffuse.w, rim, glow);
}

float4 FogPS(float fog : FOG, float4 spec : COLOR1, float3 view : TEXCOORD3) : COLOR0
{
    return float4(fog, spec.y, view.z, spec.w);
}

technique Scene < string Script = "Technique=Scene;"; >
{
    pass P0 < string Script = "Draw=geometry;"; >
    {
        ZEnable = true;
        CullMode = CCW;
        VertexShader = compile vs_3_0 SceneVS(true);
        PixelShader  = compile ps_3_0 ScenePS();
    }
}

technique Fog
{
    pass P0
    {
        VertexShader = compile vs_3_0 SceneVS(false);
        PixelShader  = compile ps_3_0 FogPS();
    }
}
