// Point sprites: PSIZE is a scalar with a register of its own and a full
// mask; FOG is an ordinary scalar varying in vs_3_0 and packs with the rest.
struct SPRITE_OUT
{
    float4 Position : POSITION;
    float  Size     : PSIZE;
    float4 Color    : COLOR0;
    float2 UV       : TEXCOORD0;
    float  Fog      : FOG;
};

SPRITE_OUT SpriteVS(float4 p : POSITION, float s : PSIZE, float4 c : COLOR0)
{
    SPRITE_OUT o = (SPRITE_OUT)0;
    o.Position = p;
    o.Size = s;
    o.Color = c;
    return o;
}
