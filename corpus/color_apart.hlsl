// COLOR stays in registers of its own: with flat shading the other
// components of a COLOR register are undefined (sm3-signatures.md §4).
// The two float2 colors share one register; the float2 texcoords another.
struct VS_OUTPUT
{
    float4 Pos     : POSITION;
    float2 Tint    : COLOR0;
    float2 UV0     : TEXCOORD0;
    float2 Glow    : COLOR1;
    float2 UV1     : TEXCOORD1;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; return o; }
