// Centroid elements never share a register with non-centroid ones. The
// centroid modifier and the _centroid semantic suffix mean the same thing:
// Detail (modifier) and Shadow (suffix) pair up in one register, Uv and Fog
// (plain) in another; a centroid COLOR is yet another class (COLOR apart and
// centroid apart). The declarations keep the semantic without _centroid: it
// is spelled on the pixel side only.
struct VS_OUTPUT
{
    float4 Pos             : POSITION;
    centroid float2 Detail : TEXCOORD0;
    float2 Uv              : TEXCOORD1;
    float2 Shadow          : TEXCOORD2_centroid;
    float  Fog             : TEXCOORD3;
    float  Tint            : COLOR0_centroid;
    float  Rim             : COLOR1;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
