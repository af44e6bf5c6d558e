// error: an unknown member type.
struct VS_OUTPUT
{
    float4 Pos : POSITION;
    vec2   UV  : TEXCOORD0;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; return o; }
