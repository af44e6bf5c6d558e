// errors: POSITION0 must be a float4 and PSIZE a scalar.
struct VS_OUTPUT
{
    float3 Pos  : POSITION;
    float2 Size : PSIZE;
};

VS_OUTPUT vs(float3 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; return o; }
