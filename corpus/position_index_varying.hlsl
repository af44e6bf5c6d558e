// Only POSITION0 is the clip-space position with a register of its own.
// POSITION1..15 are ordinary varyings (a pixel shader may read them, fxc
// rejects only index 0) and pack like texcoords: the float3 world position
// takes the scalar POSITION15 in its w.
struct VS_OUTPUT
{
    float4 Pos      : POSITION0;
    float3 WorldPos : POSITION1;
    float2 Uv       : TEXCOORD0;
    float  Height   : POSITION15;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
