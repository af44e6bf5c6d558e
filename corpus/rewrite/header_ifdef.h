// shpack: part-of header_ifdef_vs.hlsl
// The interface of header_ifdef_vs.hlsl: twelve general outputs.
struct V2P_full
{
    float4 hpos : POSITION;
    float2 uv : TEXCOORD0;
    float2 a : TEXCOORD1;
    float2 b : TEXCOORD2;
    float2 c : TEXCOORD3;
    float2 d : TEXCOORD4;
    float2 e : TEXCOORD5;
    float2 f : TEXCOORD6;
    float g : TEXCOORD7;
    float h : TEXCOORD8;
    float k : TEXCOORD9;
    float l : TEXCOORD10;
};
struct V2P_flat { float4 hpos : POSITION; float2 uv : TEXCOORD0; };
