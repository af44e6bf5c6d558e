// shpack: --entry=SkyVS
// Outputs declared on parameters: out parameters after the return value.
float4x4 ViewProj;

float4 SkyVS(float4 pos : POSITION,
             float3 dir : TEXCOORD0,
             uniform float scale,
             out float3 oDir : TEXCOORD0,
             out float oHeight : TEXCOORD1,
             out float2 oUV : TEXCOORD2) : POSITION
{
    oDir = dir;
    oHeight = pos.y * scale;
    oUV = pos.xz;
    return mul(pos, ViewProj);
}
