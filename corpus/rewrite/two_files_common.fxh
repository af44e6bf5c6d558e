// shpack: part-of two_files_vs.hlsl
// The interface shared by two_files_vs.hlsl and two_files_ps.hlsl: eleven
// general semantics, so 11 registers with one register per semantic.
struct VS_OUTPUT
{
    float4 Position : POSITION;
    float2 UV       : TEXCOORD0;
    float3 WorldPos : TEXCOORD1;
    float3 Normal   : TEXCOORD2;
    float3 Tangent  : TEXCOORD3;
    float  Fog      : TEXCOORD4;
    float  Height   : TEXCOORD5;
    float  Wetness  : TEXCOORD6;
    float  Ao       : TEXCOORD7;
    float  Curv     : TEXCOORD8;
    float  Mask     : TEXCOORD9;
    float  Blend    : TEXCOORD10;
};
