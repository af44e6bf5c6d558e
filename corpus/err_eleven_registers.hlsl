// error: 41 general components cannot fit in 10 registers (40 components)
// with any strategy: nine float4s and five scalars need 9 + ceil(5/4) = 11.
// The message gives the proven minimum instead of an optimal count that
// fits, and names the element past the limit.
struct VS_OUTPUT
{
    float4 Pos     : POSITION;
    float  Size    : PSIZE;
    float4 Attr[9] : TEXCOORD0;
    float  Misc[5] : TEXCOORD9;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
