// shpack: --mix-color
// With --mix-color COLOR joins the general packing class: the float3 color
// takes the scalar texcoord in its w, and the two float2s (one COLOR, one
// TEXCOORD) share a register: 2 general registers instead of the 3 that
// keeping COLOR apart costs here (Diffuse and Spec cannot share: 3 + 2 > 4).
struct VS_OUTPUT
{
    float4 Pos     : POSITION;
    float3 Diffuse : COLOR0;
    float2 Uv      : TEXCOORD0;
    float  Fade    : TEXCOORD1;
    float2 Spec    : COLOR1;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
