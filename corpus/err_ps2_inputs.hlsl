// shpack: --profile=ps_2_0 --struct=PS_INPUT
// errors: ps_2_0 reads only COLOR0..1 (v0..v1) and TEXCOORD0..7 (t0..t7):
// COLOR2, TEXCOORD8 and NORMAL have no input register, and VPOS and VFACE
// need ps_3_0.
struct PS_INPUT
{
    float4 Diffuse : COLOR0;
    float4 Extra   : COLOR2;
    float2 Uv      : TEXCOORD8;
    float3 Normal  : NORMAL;
    float2 Screen  : VPOS;
    float  Face    : VFACE;
};
