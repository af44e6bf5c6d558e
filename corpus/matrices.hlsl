// Matrices are arrays of vectors: one per column by default (column_major),
// one per row with row_major. float4x3 column_major is three float4s,
// row_major four float3s.
struct INSTANCE_OUT
{
    float4 Pos : POSITION;
    float4x3 World : TEXCOORD0;          // TEXCOORD0..2, 4 components each
    row_major float3x2 Uv : TEXCOORD3;   // TEXCOORD3..5, 2 components each
    float Alpha : TEXCOORD6;
};

INSTANCE_OUT vs(float4 p : POSITION) { INSTANCE_OUT o = (INSTANCE_OUT)0; return o; }
