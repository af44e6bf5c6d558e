// error: five faults in one struct (two unknown types, a
// misspelt semantic, an unknown usage, a duplicate): every one is reported
// in one run, as gcc reports every bad member.
struct VS_OUTPUT
{
    float4 Pos : POSITION;
    flaot2 UV  : TEXCOORD0;
    float3 N   : TEXCORD1;
    float5 T   : TEXCOORD2;
    float  D   : BOGUS;
    float2 W   : TEXCOORD3;
    float2 V   : TEXCOORD3;
};
