// Shared by include_struct.hlsl: the vertex output struct, declared once for
// both shaders of an effect. Not a corpus file of its own (.fxh is not
// embedded); its positions appear in diagnostics with an include note.
struct VS_OUTPUT
{
    float4 Pos    : POSITION;
    float3 Normal : NORMAL;
    float2 Uv     : TEXCOORD0;
    float  Fog    : FOG;
};
