// Structs nest to any depth and flatten depth-first, with member paths as
// names (Shade.Base.Uv). Without an outer semantic each leaf keeps its own;
// the override on Rim applies to everything below it, arrays included:
// Rim.Base.Uv TEXCOORD8, Rim.Base.Mask[0..1] TEXCOORD9..10, Rim.Fade
// TEXCOORD11.
struct Layer
{
    float2 Uv      : TEXCOORD0;
    float  Mask[2] : TEXCOORD1;
};

struct Shading
{
    Layer  Base;
    float  Fade : TEXCOORD3;
};

struct VS_OUTPUT
{
    float4  Pos   : POSITION;
    Shading Shade;
    Shading Rim   : TEXCOORD8;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
