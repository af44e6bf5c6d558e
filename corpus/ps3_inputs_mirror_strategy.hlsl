// shpack: --profile=ps_3_0 --struct=VS_OUTPUT
// ps_3_0 inputs mirror the vertex packing of the same strategy, so a pixel
// shader built with the same strategy as its vertex shader links: with
// prefix-stable the scalars share v0 and the float3s take v1 and v2; with
// optimal each float3 has a scalar in w. Registers are numbered from v0 in
// the order of the vertex registers; the position is left out (a note).
// COLOR reads are centroid implicitly: dcl_color, no _centroid suffix.
struct VS_OUTPUT
{
    float4 Pos   : POSITION;
    float  Depth : TEXCOORD0;
    float  Fade  : TEXCOORD1;
    float3 View  : TEXCOORD2;
    float3 Light : TEXCOORD3;
    float4 Tint  : COLOR0;
};
