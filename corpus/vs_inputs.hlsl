// shpack: --direction=in --entry=vs
// Vertex inputs: one register per element, v0, v1, ... in declaration order
// (the input assembler does not pack).
struct VS_INPUT
{
    float3 Pos     : POSITION;
    float3 Normal  : NORMAL;
    float2 UV      : TEXCOORD0;
    float4 Weights : BLENDWEIGHT;
    float4 Indices : BLENDINDICES;
};

float4 vs(VS_INPUT i, float4 inst : TEXCOORD4) : POSITION { return float4(i.Pos, 1); }
