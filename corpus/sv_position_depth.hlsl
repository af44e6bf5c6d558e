// Direct3D 10 spellings that map to Direct3D 9: SV_Position is POSITION0
// (its own register, dcl_position), SV_Depth is DEPTH0, an ordinary varying
// in a vs_3_0 output. Semantics compare case-insensitively: TexCoord0 is
// declared dcl_texcoord.
struct VS_OUTPUT
{
    float4 Pos   : SV_Position;
    float2 Uv    : TexCoord0;
    float  Depth : SV_Depth;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
