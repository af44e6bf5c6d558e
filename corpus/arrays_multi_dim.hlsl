// A multi-dimensional array is flattened in row-major index order, one
// element per row with consecutive semantic indices: Grid[2][3] is
// TEXCOORD0..5, Grid[0][0], Grid[0][1], ... Grid[1][2]. A typedef array
// dimension comes after the declarator's: Pair Links[2] is Links[0][0],
// Links[0][1], Links[1][0], Links[1][1], NORMAL0..3.
typedef float Pair[2];

struct VS_OUTPUT
{
    float4 Pos        : POSITION;
    float2 Grid[2][3] : TEXCOORD0;
    Pair   Links[2]   : NORMAL0;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
