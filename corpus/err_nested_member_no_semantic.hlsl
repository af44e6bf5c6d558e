// error: inside a nested struct with no outer semantic every leaf needs its
// own; the one without is named by its path (Surf.Gloss) and reported at
// the field, in Surface, not at the member Surf that brings it in.
struct Surface
{
    float3 Normal : NORMAL;
    float  Gloss;
};

struct VS_OUTPUT
{
    float4  Pos  : POSITION;
    Surface Surf;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
