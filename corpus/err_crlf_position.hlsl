// error: with CRLF line endings positions are still counted in lines and
// characters: the member missing its semicolon is reported at line 7,
// column 5, where the next member starts, as with LF endings.
struct VS_OUTPUT
{
    float4 Pos : POSITION
    float2 Uv  : TEXCOORD0;
};
