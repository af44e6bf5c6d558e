// shpack: --profile=ps_2_0 --direction=out --entry=ps
// ps_2_0 pixel outputs: the return value COLOR0 in oC0, the out parameter
// SV_Target1 (COLOR1) in oC1 and SV_Depth (DEPTH0) in oDepth, a scalar.
// Fixed registers, nothing to declare.
float4 ps(float2 uv : TEXCOORD0,
          out float4 glow : SV_Target1,
          out float depth : SV_Depth) : COLOR0
{
    glow = 0;
    depth = 0.5;
    return float4(uv, 0, 1);
}
