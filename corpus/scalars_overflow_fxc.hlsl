// Twelve scalars and a float2: fxc needs 13 general registers and fails with
// "too many interpolators"; packed, they take 4.
struct VS_OUTPUT
{
    float4 Pos : POSITION;
    float  A : TEXCOORD0;
    float  B : TEXCOORD1;
    float  C : TEXCOORD2;
    float  D : TEXCOORD3;
    float  E : TEXCOORD4;
    float  F : TEXCOORD5;
    float  G : TEXCOORD6;
    float  H : TEXCOORD7;
    float  I : TEXCOORD8;
    float  J : TEXCOORD9;
    float  K : TEXCOORD10;
    float  L : TEXCOORD11;
    float2 UV : TEXCOORD12;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; return o; }
