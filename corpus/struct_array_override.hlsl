// An array of structs under a semantic on the array member: the outer
// semantic overrides the fields' own and numbers every leaf in data-layout
// order across the elements: Lights[0].Dir TEXCOORD2, Lights[0].Range
// TEXCOORD3, Lights[1].Dir TEXCOORD4, Lights[1].Range TEXCOORD5. The field
// semantics (NORMAL, FOG) are ignored. Optimal pairs each float3 with a
// range scalar.
struct Light
{
    float3 Dir   : NORMAL;
    float  Range : FOG;
};

struct VS_OUTPUT
{
    float4 Pos       : POSITION;
    float2 Uv        : TEXCOORD0;
    Light  Lights[2] : TEXCOORD2;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
