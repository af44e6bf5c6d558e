// A file without structs: the only function that writes a POSITION0 is
// packed, its outputs in the DirectX SDK's out-parameter style.
float4x4 g_mWorldViewProjection;

void RenderSceneVS(float4 vPos : POSITION, float2 vTex : TEXCOORD0,
                   out float4 oPos : POSITION, out float2 oTex0 : TEXCOORD0,
                   out float oFog : FOG, out float3 oNormal : TEXCOORD1)
{
    oPos = mul(vPos, g_mWorldViewProjection);
    oTex0 = vTex;
    oFog = 1;
    oNormal = 0;
}
