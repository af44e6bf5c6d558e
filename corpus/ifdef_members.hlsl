// shpack: -D USE_SHADOWS -D FOG_MODE=2
// Conditional compilation selects members; the -D flags in the header are
// part of the command line. USE_SHADOWS is defined, so ShadowUv is in;
// FOG_MODE is 2, so the #elif keeps FogDensity and drops FogLinear;
// NO_NORMALS is not defined, so #ifndef keeps Normal and the #else branch
// (a Flat member) is skipped; #if 0 drops Debug.
struct VS_OUTPUT
{
    float4 Pos : POSITION;
#ifdef USE_SHADOWS
    float3 ShadowUv : TEXCOORD1;
#endif
#if FOG_MODE == 1
    float FogLinear : TEXCOORD2;
#elif FOG_MODE == 2 && defined(USE_SHADOWS)
    float FogDensity : TEXCOORD2;
#endif
#ifndef NO_NORMALS
    float3 Normal : NORMAL;
#else
    float Flat : NORMAL;
#endif
#if 0
    float4 Debug : TEXCOORD7;
#endif
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
