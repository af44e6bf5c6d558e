// shpack: --indexed=Bone
// error: --indexed must name an array member of the signature, as written:
// Bone is a typo for Bones. The message lists the arrays there are (a
// plain member such as Uv would not count either).
struct VS_OUTPUT
{
    float4 Pos      : POSITION;
    float4 Bones[3] : BLENDWEIGHT0;
    float2 Uv       : TEXCOORD0;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
