// Function-like macros generate members: VARYING(t, n, s) declares one,
// TEX(n) pastes the index onto TEXCOORD with ##, PAIR(...) is variadic and
// declares two members in one declaration, and STR(x) stringizes (in a
// global the parser skips). After expansion: float2 Uv : TEXCOORD0;
// float3 View : TEXCOORD3; float Bias : TEXCOORD5, Gain : TEXCOORD6.
// The float3 takes one scalar in w, the float2 the other.
#define TEX(n)            TEXCOORD##n
#define VARYING(t, n, s)  t n : s;
#define PAIR(t, ...)      t __VA_ARGS__;
#define STR(x)            #x

string Description = STR(generated { members });

struct VS_OUTPUT
{
    float4 Pos : POSITION;
    VARYING(float2, Uv, TEX(0))
    VARYING(float3, View, TEX(3))
    PAIR(float, Bias : TEX(5), Gain : TEX(6))
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
