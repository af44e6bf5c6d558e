// error: a signature holds at most 128 rows, and sizes are checked before
// anything is allocated: a one-dimensional size is rejected at its bracket,
// a product of dimensions (40 x 40 = 1600) at the member.
struct VS_OUTPUT
{
    float4 Pos          : POSITION;
    float  Big[100000]  : TEXCOORD0;
    float  Grid[40][40] : NORMAL0;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
