// shpack: --indexed=Weights
// The vertex shader writes Weights[i] in a loop (o[aL] in vs_3_0), so its
// rows must stay in consecutive registers at the same components, and
// POSITION0 then has to be o0 and PSIZE o1 (sm3-signatures.md §3 rule 9).
// The scalars and the float2 still pack around the block.
struct VS_OUTPUT
{
    float2 UV         : TEXCOORD0;
    float  Weights[3] : TEXCOORD1;
    float3 Normal     : NORMAL;
    float  Size       : PSIZE;
    float4 Pos        : POSITION;
    float  Fade       : TEXCOORD4;
};

VS_OUTPUT vs(float4 p : POSITION)
{
    VS_OUTPUT o = (VS_OUTPUT)0;
    for (int i = 0; i < 3; i++)
        o.Weights[i] = p[i];
    return o;
}
