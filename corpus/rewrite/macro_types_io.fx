// shpack: rewrite
// render: main ps_main = 0.125 0.25 0.375 0.5
//
// The vertex shader's input and output types are macros that name
// structs, as a renderer spells them (_in, _out): _out main(_in v). The
// return type's invocation is replaced by the packed struct; the pixel
// shader's parameter keeps its macro-spelled type, which the generated
// code spells the same way.
struct a2v { float4 P : POSITION; };
struct v2p
{
    float4 HPos : POSITION;
    float4 Tc0 : TEXCOORD0;
    float Fog : FOG;
    float A : TEXCOORD1;
    float B : TEXCOORD2;
    float C : TEXCOORD3;
    float D : TEXCOORD4;
    float E : TEXCOORD5;
    float F : TEXCOORD6;
    float G : TEXCOORD7;
    float H : TEXCOORD8;
    float I : TEXCOORD9;
    float J : TEXCOORD10;
};
#define _in a2v
#define _out v2p
#define _pin v2p

_out main(_in v)
{
    _out o = (_out)0;
    o.HPos = v.P;
    o.Tc0 = float4(0.125, 0.25, 0.375, 0.5);
    o.J = 1.0;
    return o;
}

float4 ps_main(_pin I) : COLOR
{
    return I.Tc0 * I.J;
}

technique T { pass P { VertexShader = compile vs_3_0 main(); PixelShader = compile ps_3_0 ps_main(); } }
