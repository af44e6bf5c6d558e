// error: array expansion collides with the next member (fxc's X4503:
// "output TEXCOORD2 used more than once").
struct VS_OUTPUT
{
    float4 Pos    : POSITION;
    float2 Tex[3] : TEXCOORD0;
    float3 View   : TEXCOORD2;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; return o; }
