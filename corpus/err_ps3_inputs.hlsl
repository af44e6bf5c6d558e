// shpack: --profile=ps_3_0 --struct=PS_INPUT
// errors: VPOS has at most two components, VFACE is a scalar.
struct PS_INPUT
{
    float2 UV   : TEXCOORD0;
    float3 Pos  : VPOS;
    float2 Face : VFACE;
};
