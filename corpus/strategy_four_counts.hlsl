// Four strategies, four register counts: fxc 10 (one per semantic),
// vertical 7, prefix-stable 6, optimal 5.
// prefix-stable: Depth, Fade, Rim and Ao fill o1; View, Light, Half take
// o2..o4 (w left free, too small for Uv); Uv and Flow share o5; Tint o6.
// vertical: Ao goes to the most-free register, o5 next to Uv, so Flow no
// longer fits there and opens o6; Tint o7.
// optimal: the four float3s each take a scalar in w, the float2s pair up:
// 4 + ceil((2*2 + 0)/4) = 5, the closed-form minimum.
struct VS_OUTPUT
{
    float4 Pos   : POSITION;
    float  Depth : TEXCOORD0;
    float  Fade  : TEXCOORD1;
    float3 View  : TEXCOORD2;
    float  Rim   : TEXCOORD3;
    float3 Light : TEXCOORD4;
    float3 Half  : TEXCOORD5;
    float2 Uv    : TEXCOORD6;
    float  Ao    : TEXCOORD7;
    float2 Flow  : TEXCOORD8;
    float3 Tint  : TEXCOORD9;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
