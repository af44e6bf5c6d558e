// stable-fit keeps the prefix-stable layout while it fits and switches to
// optimal when it does not. Declaration-order first fit puts the six float4s
// in o1..o6, the three scalars in o7.xyz, and each float3 in a register of
// its own (o7 has only w left): 11 general registers, one too many, and
// vertical does the same. First-fit decreasing sets a scalar in the w of
// three of the float3s: 6 + 4 = 10, which fits, so stable-fit prints the
// optimal layout. fxc needs 13.
struct VS_OUTPUT
{
    float4 Pos       : POSITION;
    float4 Frame[6]  : TEXCOORD0;
    float  Weight[3] : TEXCOORD6;
    float3 Dir[4]    : TEXCOORD9;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
