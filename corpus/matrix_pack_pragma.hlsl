// #pragma pack_matrix(row_major) makes matrices declared after it row_major:
// float2x3 Skew is two rows of three components (TEXCOORD0..1) and float3x1
// Fan three scalar rows (TEXCOORD5..7), while an explicit column_major keeps
// Shear as three columns of two (TEXCOORD2..4). Optimal: the two float3 rows
// take Fan[0] and Fan[1] in w, the three float2 columns take a register and
// a half, Fan[2] fills the z after them: 4 general registers.
#pragma pack_matrix(row_major)
struct VS_OUTPUT
{
    float4                Pos   : POSITION;
    float2x3              Skew  : TEXCOORD0;
    column_major float2x3 Shear : TEXCOORD2;
    float3x1              Fan   : TEXCOORD5;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
