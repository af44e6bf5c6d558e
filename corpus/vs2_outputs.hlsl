// shpack: --profile=vs_2_0
// vs_2_0 outputs sit in fixed registers: oPos, oD0..1, oT0..7, oFog, oPts.
// There is nothing to declare or pack; the output is the mapping.
struct VS_OUTPUT
{
    float4 Pos   : POSITION;
    float4 Color : COLOR0;
    float2 UV0   : TEXCOORD0;
    float3 UV5   : TEXCOORD5;
    float  Fog   : FOG;
    float  Size  : PSIZE;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; return o; }
