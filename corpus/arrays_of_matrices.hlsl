// An array of matrices is an array of arrays of vectors: float3x2 Joint[2]
// (column_major) is two matrices of two float3 columns, TEXCOORD0..3, named
// Joint[0][0], Joint[0][1], Joint[1][0], Joint[1][1]; the row_major float2x2
// array is two matrices of two float2 rows, TEXCOORD4..7. Optimal: four
// float3s, then four float2s two to a register: 6 general registers.
struct VS_OUTPUT
{
    float4              Pos      : POSITION;
    float3x2            Joint[2] : TEXCOORD0;
    row_major float2x2  Flow[2]  : TEXCOORD4;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
