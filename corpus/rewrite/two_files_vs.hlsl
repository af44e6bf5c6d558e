// shpack: rewrite --vs-entry=MainVS --ps-entry=MainPS two_files_ps.hlsl
// render: MainVS MainPS@two_files_ps.hlsl = 0.125 0.25 0.375 0.5 0.625 0.75 0.875 1 1.125 1.25 1.375 1.5 1.625 1.75 1.875 2
//
// A vertex shader and a pixel shader in two files that include one struct:
// each file is rewritten (one output per input); the header is not touched.
#include "two_files_common.fxh"

VS_OUTPUT MainVS(float4 p : POSITION)
{
    VS_OUTPUT o;
    o.Position = p;
    o.UV = float2(0.125, 0.25);
    o.WorldPos = float3(0.375, 0.5, 0.625);
    o.Normal = float3(0.75, 0.875, 1.0);
    o.Tangent = float3(1.125, 1.25, 1.375);
    o.Fog = 1.5;
    o.Height = 1.625;
    o.Wetness = 1.75;
    o.Ao = 1.875;
    o.Curv = 2.0;
    o.Mask = 2.125;
    o.Blend = 2.25;
    return o;
}
