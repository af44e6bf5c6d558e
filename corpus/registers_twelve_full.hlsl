// Every output register in use: POSITION0, PSIZE and exactly ten general
// registers, o0..o11. Nine float4s take nine, and the four scalars fill the
// tenth, so it fits with every strategy except fxc (13 registers: one per
// semantic) and the vertical/first-fit orders agree with optimal.
struct VS_OUTPUT
{
    float4 Pos      : POSITION;
    float  Size     : PSIZE;
    float4 Attr[9]  : TEXCOORD0;
    float  Misc[4]  : TEXCOORD9;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
