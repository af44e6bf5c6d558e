// errors: VELOCITY is not a Direct3D 9 usage, and no interpolator carries a
// double.
struct VS_OUTPUT
{
    float4 Pos      : POSITION;
    float2 Velocity : VELOCITY;
    double Depth    : TEXCOORD0;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; return o; }
