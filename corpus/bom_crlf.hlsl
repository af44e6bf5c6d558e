// A UTF-8 byte order mark and CRLF line endings (Windows editors write
// both) are read like plain text: the BOM is skipped, \r\n ends a line and
// does not count as a column, so positions in the JSON are the same as for
// LF. A comment line continued with a backslash and CRLF is still one
// comment: \
this line is part of it.
struct VS_OUTPUT
{
    float4 Pos : POSITION;
    float2 Uv  : TEXCOORD0;
    float  Fog : FOG;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
