// shpack: --profile=ps_3_0 --direction=out --struct=PS_OUTPUT
// errors: color outputs are float4 and contiguous from COLOR0; depth is a
// scalar; TEXCOORD is not a pixel output.
struct PS_OUTPUT
{
    float3 Color : COLOR0;
    float4 Extra : COLOR2;
    float2 Depth : DEPTH;
    float4 UV    : TEXCOORD0;
};
