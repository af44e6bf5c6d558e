// error: a malformed struct is reported, never skipped.
struct VS_OUTPUT
{
    float4 Pos : POSITION
    float2 UV  : TEXCOORD0;
};
