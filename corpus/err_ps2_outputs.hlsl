// shpack: --profile=ps_2_0 --direction=out --struct=PS_OUTPUT
// errors: pixel shaders write COLOR0..3 (oC0..oC3) and DEPTH0 (oDepth):
// SV_Target2 (COLOR2) and COLOR3 without COLOR0 leave a gap (the first
// missing index is named), a float3 color is not a full oC register, and
// DEPTH1 is not an output.
struct PS_OUTPUT
{
    float4 Glow  : SV_Target2;
    float3 Base  : COLOR3;
    float  Depth : DEPTH1;
};
