// shpack: --profile=ps_3_0 --direction=out --entry=ps
// Pixel shader outputs: COLORn (and SV_Targetn) in oCn, float4 only and
// contiguous from COLOR0; DEPTH in oDepth, a scalar.
struct PS_OUTPUT
{
    float4 Color[2] : COLOR0;
    float4 Glow     : SV_Target2;
    float  Depth    : DEPTH;
};

PS_OUTPUT ps(float2 uv : TEXCOORD0) { PS_OUTPUT o = (PS_OUTPUT)0; return o; }
