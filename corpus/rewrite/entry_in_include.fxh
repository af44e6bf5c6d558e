// shpack: part-of entry_in_include.fx
struct VS_OUTPUT
{
    float4 Pos : POSITION;
    float A : TEXCOORD0;
    float B : TEXCOORD1;
    float C : TEXCOORD2;
    float D : TEXCOORD3;
    float E : TEXCOORD4;
    float F : TEXCOORD5;
    float G : TEXCOORD6;
    float H : TEXCOORD7;
    float I : TEXCOORD8;
    float J : TEXCOORD9;
    float K : TEXCOORD10;
};

VS_OUTPUT IncludedVS(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
