// error: an array size must be a constant integer expression; COUNT is
// neither a macro (no -D COUNT) nor a static const, so it is reported at
// the name, inside the brackets.
struct VS_OUTPUT
{
    float4 Pos          : POSITION;
    float2 Uv[COUNT]    : TEXCOORD0;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
