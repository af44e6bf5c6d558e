// error: array expansion pushes the usage index past 15.
struct VS_OUTPUT
{
    float4 Pos     : POSITION;
    float4 Bones[4] : BLENDWEIGHT13;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; return o; }
