// shpack: --indexed=Bones --indexed=Extra
// Two indexed blocks: a column_major float3x4 (four float3 rows) and an
// array of float2s. exact finds where they can share registers.
struct SKIN_OUT
{
    float4   Pos      : POSITION;
    float3x4 Bones    : TEXCOORD0;
    float2   Extra[2] : TEXCOORD4;
    float    W0       : TEXCOORD6;
    float    W1       : TEXCOORD7;
    float2   UV       : TEXCOORD8;
};

SKIN_OUT vs(float4 p : POSITION) { SKIN_OUT o = (SKIN_OUT)0; return o; }
