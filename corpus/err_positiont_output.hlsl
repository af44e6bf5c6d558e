// error: POSITIONT marks pre-transformed vertices in a vertex declaration;
// it cannot be a vertex shader output, so there is no POSITION0 either (the
// missing-position error is not repeated while other errors stand).
struct VS_OUTPUT
{
    float4 Pos : POSITIONT;
    float2 Uv  : TEXCOORD0;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
