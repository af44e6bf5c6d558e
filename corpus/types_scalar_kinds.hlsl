// Every scalar type is one component per element whatever its kind: Direct3D 9
// interpolators are float registers, so half, int, uint, bool, dword,
// min16float, min10float, min16int and min16uint vectors pack like floats of
// the same width (unsigned int is uint): 3+1, 3+1, 2+2, 1+1+1+1 = 4
// general registers.
struct VS_OUTPUT
{
    float4       Pos   : POSITION;
    half2        Uv    : TEXCOORD0;
    int2         Cell  : TEXCOORD1;
    uint3        Ids   : TEXCOORD2;
    bool         Lit   : TEXCOORD3;
    min16float3  Tint  : TEXCOORD4;
    dword        Mask  : TEXCOORD5;
    min10float   Grain : TEXCOORD6;
    min16int     Layer : TEXCOORD7;
    unsigned int Seed  : TEXCOORD8;
    min16uint    Tile  : TEXCOORD9;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
