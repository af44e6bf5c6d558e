// COLOR is a packing class of its own, not a register per color: the float3
// Diffuse and the scalar Alpha (both COLOR) share a register, the two float2
// colors share another, while the scalar texcoord Fade cannot join the free w
// of the Diffuse register and takes a third: 3 general registers (fxc: 5).
struct VS_OUTPUT
{
    float4 Pos      : POSITION;
    float3 Diffuse  : COLOR0;
    float  Fade     : TEXCOORD0;
    float  Alpha    : COLOR1;
    float2 Spec     : COLOR2;
    float2 Glow     : COLOR3;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
