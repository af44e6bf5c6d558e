// shpack: --profile=ps_2_0 --struct=VS_OUTPUT
// ps_2_0 inputs: COLOR0..1 in v0..v1, TEXCOORD0..7 in t0..t7; nothing is
// packed. The position and the fog of a shared struct are left out.
struct VS_OUTPUT
{
    float4 Pos      : POSITION;
    float4 Diffuse  : COLOR0;
    float3 Specular : COLOR1;
    float2 UV       : TEXCOORD0;
    float4 Proj     : TEXCOORD3;
    float  Fog      : FOG;
};
