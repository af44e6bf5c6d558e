// shpack: --entry=GrassVS
// Outputs of an entry point in order: the return value (its semantic on the
// function), then out and inout parameters in parameter order; a struct
// parameter contributes its members by path (o.Sway). Plain and in
// parameters are inputs only, uniform ones neither: none is packed.
struct BLADE
{
    float2 Sway : TEXCOORD1;
    float  Tip  : TEXCOORD2;
};

float4 GrassVS(float4 p       : POSITION,
               inout float2 uv : TEXCOORD0,
               uniform float wind,
               in float3 n     : NORMAL,
               out BLADE o,
               out float fog   : FOG) : POSITION
{
    o.Sway = p.xz * wind;
    o.Tip = n.y;
    fog = 0;
    return p;
}
