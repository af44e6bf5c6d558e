// A lit shader compiled in permutations (Urho3D-style): what it passes to
// the pixel shader depends on #defines. lit.variants lists the variants;
// "shpack --variants=lit.variants lit.hlsl" gives them one layout.
struct VS_OUT
{
    float4 Pos    : POSITION;
    float2 UV     : TEXCOORD0;
    float3 Normal : TEXCOORD1;
#ifdef FOG
    float  Fog    : TEXCOORD2;
#endif
#ifdef SHADOW
    float4 ShadowPos[NUMCASCADES] : TEXCOORD3;
    float  ShadowFade : TEXCOORD7;
#endif
#ifdef SPECULAR
    float3 HalfVec : TEXCOORD8;
    float  Gloss   : TEXCOORD9;
#endif
#ifdef VERTEXCOLOR
    float4 Color  : COLOR0;
#endif
#ifdef LIGHTMAP
    float2 UV2    : TEXCOORD10;
#endif
};

VS_OUT VS(float4 p : POSITION)
{
    VS_OUT o = (VS_OUT)0;
    o.Pos = p;
    return o;
}

float4 PS(VS_OUT i) : COLOR0
{
    return float4(i.UV, i.Normal.xy);
}
