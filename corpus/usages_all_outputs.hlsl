// Every D3DDECLUSAGE except POSITIONT may be a vs_3_0 output; the ones that
// are not POSITION0 or PSIZE are ordinary varyings of the general class and
// pack together: BLENDWEIGHT, BLENDINDICES, TANGENT, BINORMAL, NORMAL,
// TESSFACTOR, DEPTH and SAMPLE, spelled dcl_<usage in lower case>. Three
// float3s take a scalar each in w, the fourth scalar and the float2 share
// the fourth register: 4 general registers.
struct VS_OUTPUT
{
    float4 Pos      : POSITION;
    float3 Tangent  : TANGENT;
    float3 Binormal : BINORMAL;
    float3 Normal   : NORMAL1;
    float  Weight   : BLENDWEIGHT;
    float  Index    : BLENDINDICES;
    float  Tess     : TESSFACTOR;
    float  Depth    : DEPTH;
    float2 Sample   : SAMPLE;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
