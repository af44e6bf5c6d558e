// shpack: --mix-color
// With --mix-color a COLOR and a FOG share a register. Neither may name it:
// MojoShader's GLSL path clamps a COLOR register to [0, 1] (the fog would
// be clamped) and cannot link a FOG register to a pixel shader, so the
// portable layout declares it under a TEXCOORD no member uses.
struct VS_OUTPUT
{
    float4 Position : POSITION;
    float3 Tint     : COLOR0;
    float  Fog      : FOG;
    float4 Uv       : TEXCOORD0;
};

VS_OUTPUT main(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Position = p; return o; }
