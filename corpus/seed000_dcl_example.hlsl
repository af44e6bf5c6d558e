// shpack: --mix-color
// The dcl_usage page's packing example written as a struct: color4, texcoord3
// and fog share one register; tangent takes another; position and point size
// have registers of their own. COLOR may share only with --mix-color.
struct VS_OUTPUT
{
    float  Color4    : COLOR4;
    float2 Tex3      : TEXCOORD3;
    float  Fog       : FOG;
    float3 Tangent   : TANGENT;
    float4 Position  : POSITION;
    float  PointSize : PSIZE;
};

VS_OUTPUT main(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; return o; }
