// shpack: --profile=ps_3_0 --struct=VS_OUTPUT
// The pixel side of a shared struct: the same grouping and component
// letters as the vertex side, numbered from v0. POSITION0 cannot be read by
// a pixel shader and is left out (with a note); VPOS and VFACE use vPos and
// vFace; the _centroid texcoord keeps a register of its own and is declared
// with _centroid.
struct VS_OUTPUT
{
    float4 Pos    : POSITION;
    float2 UV     : TEXCOORD0;
    float  Depth  : TEXCOORD1;
    float3 Normal : NORMAL;
    float2 Detail : TEXCOORD2_centroid;
    float2 Screen : VPOS;
    float  Face   : VFACE;
};
