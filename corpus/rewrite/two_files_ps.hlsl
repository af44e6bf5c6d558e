// shpack: part-of two_files_vs.hlsl
// The pixel shader of two_files_vs.hlsl, in a file of its own.
#include "two_files_common.fxh"

float4 MainPS(VS_OUTPUT In, out float4 c1 : COLOR1, out float4 c2 : COLOR2, out float4 c3 : COLOR3) : COLOR0
{
    c1 = float4(In.WorldPos.z, In.Normal);
    c2 = float4(In.Tangent, In.Fog);
    c3 = float4(In.Height, In.Wetness, In.Ao, In.Curv);
    return float4(In.UV, In.WorldPos.xy);
}
