// error: eleven float4s cannot fit in ten general registers, whatever the
// strategy.
struct VS_OUTPUT
{
    float4 Pos   : POSITION;
    float4 T[11] : TEXCOORD0;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; return o; }
