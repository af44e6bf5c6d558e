// Seed 003: arrays get automatically incremented semantics.
// float3 Tex[4] : TEXCOORD0 declares TEXCOORD0..TEXCOORD3.
struct VS_OUTPUT
{
    float4 Position : POSITION;
    float3 Col[2]   : COLOR0;
    float3 Tex[4]   : TEXCOORD0;
};

VS_OUTPUT main(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Position = p; return o; }
