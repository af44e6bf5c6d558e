// The template spellings: vector<T, N> is an N-component vector, matrix<T,
// R, C> an R x C matrix (column_major by default: C vectors of R
// components), and bare vector / matrix are float4 / float4x4.
// matrix<half, 3, 2> is two float3 columns, TEXCOORD1..2; vector<int, 1>
// is a scalar (optimal puts it in the w of the first column).
struct VS_OUTPUT
{
    float4              Pos   : POSITION;
    vector<float, 2>    Uv    : TEXCOORD0;
    matrix<half, 3, 2>  Basis : TEXCOORD1;
    vector<int, 1>      Id    : TEXCOORD3;
    vector              Color : COLOR0;
    matrix              Xform : TEXCOORD4;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
