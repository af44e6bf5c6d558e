// The vertical rule (vkd3d) puts each element in the open register with the
// most free components. Here it sends the scalar Rim into o2 next to the
// float2 Uv (2 free beats the 1 free left by the float3 View), and then the
// second float2 Flow finds no register with two free components in a row and
// opens a third. Declaration-order first fit puts Rim in o1.w and Flow in
// o2.zw: 2 general registers; fxc takes one each: 4.
struct VS_OUTPUT
{
    float4 Pos  : POSITION;
    float3 View : TEXCOORD0;
    float2 Uv   : TEXCOORD1;
    float  Rim  : TEXCOORD2;
    float2 Flow : TEXCOORD3;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
