// shpack: part-of two_files_vs.hlsl
// The pixel shader of two_files_vs.hlsl, in a file of its own.
#include "../rewrite/two_files_common.fxh"

// Added by shpack: MainPS reads 5 registers that MainVS writes packed
// (strategy optimal). It takes them as a MainPS_Packed, and MainPS_UNPACK
// declares the parameters that read them as locals and fills them.
struct MainPS_Packed
{
    float4 r1 : TEXCOORD1;       // o1: In.WorldPos = .xyz, In.Fog = .w
    float4 r2 : TEXCOORD2;       // o2: In.Normal = .xyz, In.Height = .w
    float4 r3 : TEXCOORD3;       // o3: In.Tangent = .xyz, In.Wetness = .w
    float4 r4 : TEXCOORD0;       // o4: In.UV = .xy, In.Ao = .z, In.Curv = .w
    float2 r5 : TEXCOORD9;       // o5: In.Mask = .x, In.Blend = .y
};
#define MainPS_UNPACK \
    VS_OUTPUT In = (VS_OUTPUT)0; \
    In.UV = shpack_in.r4.xy; \
    In.WorldPos = shpack_in.r1.xyz; \
    In.Normal = shpack_in.r2.xyz; \
    In.Tangent = shpack_in.r3.xyz; \
    In.Fog = shpack_in.r1.w; \
    In.Height = shpack_in.r2.w; \
    In.Wetness = shpack_in.r3.w; \
    In.Ao = shpack_in.r4.z; \
    In.Curv = shpack_in.r4.w; \
    In.Mask = shpack_in.r5.x; \
    In.Blend = shpack_in.r5.y;
#line 5 "corpus/rewrite/two_files_ps.hlsl"
float4 MainPS(MainPS_Packed shpack_in, /* VS_OUTPUT In */ out float4 c1 : COLOR1, out float4 c2 : COLOR2, out float4 c3 : COLOR3) : COLOR0
{ MainPS_UNPACK
    c1 = float4(In.WorldPos.z, In.Normal);
    c2 = float4(In.Tangent, In.Fog);
    c3 = float4(In.Height, In.Wetness, In.Ao, In.Curv);
    return float4(In.UV, In.WorldPos.xy);
}
