// shpack: --profile=vs_1_1
// errors: in vs_1_1 FOG is oFog, a scalar (a float2 fog is not), and only
// COLOR0..1 exist (oD0, oD1), so COLOR2 has no register.
struct VS_OUTPUT
{
    float4 Pos   : POSITION;
    float2 Fog   : FOG;
    float4 Extra : COLOR2;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
