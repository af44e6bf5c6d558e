// shpack: --entry=WaterVS
// Effect-file syntax around the signature is skipped: a cbuffer with
// register and packoffset bindings, strings holding unbalanced braces, a
// semicolon and the word struct, annotations on globals, a sampler_state
// block, a function with an attribute and a technique whose passes set
// render states. --entry packs WaterVS's outputs: the struct it returns.
cbuffer PerFrame : register(b0)
{
    float4x4 ViewProj : packoffset(c0);
    float    Time     : packoffset(c4.x);
};

string Banner < string UIName = "water } { struct X; \"quoted\""; > = "}";
texture WaveTex < string ResourceName = "waves{1}.dds"; >;

sampler WaveSampler = sampler_state { Texture = <WaveTex>; AddressU = WRAP; };

struct WATER_OUT
{
    float4 Pos    : POSITION;
    float2 WaveUv : TEXCOORD0;
    float2 FoamUv : TEXCOORD1;
    float  Crest  : TEXCOORD2;
};

[numthreads(1, 1, 1)] void Unused() {}

WATER_OUT WaterVS(float4 p : POSITION)
{
    WATER_OUT o = (WATER_OUT)0;
    o.Pos = mul(p, ViewProj);
    o.Crest = sin(Time);
    return o;
}

technique Water < string Category = "{liquids}"; >
{
    pass P0 { CullMode = None; ZWriteEnable = false; VertexShader = compile vs_3_0 WaterVS(); }
}
