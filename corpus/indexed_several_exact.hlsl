// shpack: --indexed=View --indexed=Flow --indexed=Fade
// Three dynamically indexed arrays: each keeps its rows in consecutive
// registers at the same components, POSITION0 goes to o0 and PSIZE to o1
// (required once any output is indexed, even with fxc). Declaration-order
// first fit puts the scalars Depth and Fade[0..1] in o2 and o3 ahead of the
// View block, which then needs two fresh registers; optimal hands indexed
// signatures to exact, which sets View in xyz of two registers with the
// Fade block in their w and Depth beside the Flow block: 4 general
// registers instead of 5.
struct VS_OUTPUT
{
    float  Depth   : TEXCOORD0;
    float  Fade[2] : TEXCOORD1;
    float3 View[2] : TEXCOORD3;
    float  Size    : PSIZE;
    float2 Flow[2] : TEXCOORD5;
    float2 Uv      : TEXCOORD7;
    float4 Pos     : POSITION;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
