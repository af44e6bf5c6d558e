// shpack: rewrite
// render: SceneVS ScenePS = 0.125 0.25 0.375 0.5 0.625 0.75 0.875 1.5 1 1.125 1.25 1.625 0.0625 0.4375 1.75 1.875
// render: SceneVS FogPS = 1.375 0.6875 1.25 0.9375
//
// DirectX SDK style: out parameters, a uniform parameter bound by the
// techniques, annotations and a sampler_state block; two techniques share
// the vertex shader, and the second pixel shader reads a subset of its
// outputs in another order. Eleven semantics take 11 general registers
// with one register per semantic.
float4x4 g_mWorldViewProj : WORLDVIEWPROJECTION < string UIName = "World View Proj"; >;
float    g_fTime : TIME;
texture  g_DiffuseTexture < string ResourceName = "default.dds"; >;

sampler DiffuseSampler = sampler_state
{
    Texture = <g_DiffuseTexture>;
    MinFilter = LINEAR;
    MagFilter = LINEAR;
};

void SceneVS_unpacked(float4 vPos : POSITION,
             float3 vNormal : NORMAL,
             out float4 oPos : POSITION,
             out float2 oTex0 : TEXCOORD0,
             out float2 oTex1 : TEXCOORD1,
             out float3 oNormal : TEXCOORD2,
             out float3 oView : TEXCOORD3,
             out float oFog : FOG,
             out float4 oDiffuse : COLOR0,
             out float4 oSpecular : COLOR1,
             out float oDepth : TEXCOORD4,
             out float oShadow : TEXCOORD5,
             out float oRim : TEXCOORD6,
             out float oGlow : TEXCOORD7,
             uniform bool bSpecular)
{
    oPos = vPos;
    oTex0 = float2(0.125, 0.25);
    oTex1 = float2(0.375, 0.5);
    oNormal = float3(0.625, 0.75, 0.875);
    oView = float3(1.0, 1.125, 1.25);
    oFog = 1.375;
    oDiffuse = float4(0.0625, 0.1875, 0.3125, 0.4375);
    // The harness sets no constants: bSpecular reads false.
    oSpecular = bSpecular ? float4(1, 1, 1, 1) : float4(0.5625, 0.6875, 0.8125, 0.9375);
    oDepth = 1.5;
    oShadow = 1.625;
    oRim = 1.75;
    oGlow = 1.875;
}

// Added by shpack: SceneVS writes its 12 outputs packed into 6 general registers
// (strategy optimal; one register per semantic takes 11, vs_3_0 has 10).
// SceneVS_unpacked is the vertex shader as written; pixel shaders read the
// registers below by their semantics.
struct SceneVS_Packed
{
    float4 r0 : POSITION0;       // o0: oPos
    float4 r1 : COLOR0;          // o1: oDiffuse = .xyzw
    float4 r2 : COLOR1;          // o2: oSpecular = .xyzw
    float4 r3 : TEXCOORD2;       // o3: oNormal = .xyz, oFog = .w
    float4 r4 : TEXCOORD3;       // o4: oView = .xyz, oDepth = .w
    float4 r5 : TEXCOORD0;       // o5: oTex0 = .xy, oTex1 = .zw
    float3 r6 : TEXCOORD5;       // o6: oShadow = .x, oRim = .y, oGlow = .z
};

SceneVS_Packed SceneVS(float4 vPos : POSITION, float3 vNormal : NORMAL, uniform bool bSpecular)
{
    float4 oPos;
    float2 oTex0;
    float2 oTex1;
    float3 oNormal;
    float3 oView;
    float oFog;
    float4 oDiffuse;
    float4 oSpecular;
    float oDepth;
    float oShadow;
    float oRim;
    float oGlow;
    SceneVS_unpacked(vPos, vNormal, oPos, oTex0, oTex1, oNormal, oView, oFog, oDiffuse, oSpecular, oDepth, oShadow, oRim, oGlow, bSpecular);
    SceneVS_Packed shpack_out = (SceneVS_Packed)0;
    shpack_out.r0 = oPos;
    shpack_out.r1 = oDiffuse;
    shpack_out.r2 = oSpecular;
    shpack_out.r3.xyz = oNormal;
    shpack_out.r3.w = oFog;
    shpack_out.r4.xyz = oView;
    shpack_out.r4.w = oDepth;
    shpack_out.r5.xy = oTex0;
    shpack_out.r5.zw = oTex1;
    shpack_out.r6.x = oShadow;
    shpack_out.r6.y = oRim;
    shpack_out.r6.z = oGlow;
    return shpack_out;
}
#line 51 "corpus/rewrite/sdk_effect_out_params.fx"

void ScenePS_unpacked(float2 tex0 : TEXCOORD0, float2 tex1 : TEXCOORD1, float3 normal : TEXCOORD2,
             float3 view : TEXCOORD3, float4 diffuse : COLOR0, float depth : TEXCOORD4,
             float shadow : TEXCOORD5, float rim : TEXCOORD6, float glow : TEXCOORD7,
             out float4 c0 : COLOR0, out float4 c1 : COLOR1, out float4 c2 : COLOR2, out float4 c3 : COLOR3)
{
    c0 = float4(tex0, tex1);
    c1 = float4(normal, depth);
    c2 = float4(view, shadow);
    c3 = float4(diffuse.x, diffuse.w, rim, glow);
}

// Added by shpack: ScenePS reads 5 registers that SceneVS writes packed
// (strategy optimal). ScenePS_unpacked is the pixel shader as written.
struct ScenePS_Packed
{
    float4 r1 : COLOR0;          // o1: diffuse = .xyzw
    float4 r3 : TEXCOORD2;       // o3: normal = .xyz
    float4 r4 : TEXCOORD3;       // o4: view = .xyz, depth = .w
    float4 r5 : TEXCOORD0;       // o5: tex0 = .xy, tex1 = .zw
    float3 r6 : TEXCOORD5;       // o6: shadow = .x, rim = .y, glow = .z
};

void ScenePS(ScenePS_Packed shpack_in, out float4 c0 : COLOR0, out float4 c1 : COLOR1, out float4 c2 : COLOR2, out float4 c3 : COLOR3)
{
    float2 tex0;
    float2 tex1;
    float3 normal;
    float3 view;
    float4 diffuse;
    float depth;
    float shadow;
    float rim;
    float glow;
    diffuse = shpack_in.r1;
    normal = shpack_in.r3.xyz;
    view = shpack_in.r4.xyz;
    depth = shpack_in.r4.w;
    tex0 = shpack_in.r5.xy;
    tex1 = shpack_in.r5.zw;
    shadow = shpack_in.r6.x;
    rim = shpack_in.r6.y;
    glow = shpack_in.r6.z;
    ScenePS_unpacked(tex0, tex1, normal, view, diffuse, depth, shadow, rim, glow, c0, c1, c2, c3);
}
#line 62 "corpus/rewrite/sdk_effect_out_params.fx"

float4 FogPS_unpacked(float fog : FOG, float4 spec : COLOR1, float3 view : TEXCOORD3) : COLOR0
{
    return float4(fog, spec.y, view.z, spec.w);
}

// Added by shpack: FogPS reads 3 registers that SceneVS writes packed
// (strategy optimal). FogPS_unpacked is the pixel shader as written.
struct FogPS_Packed
{
    float4 r2 : COLOR1;          // o2: spec = .xyzw
    float4 r3 : TEXCOORD2;       // o3: fog = .w
    float4 r4 : TEXCOORD3;       // o4: view = .xyz
};

float4 FogPS(FogPS_Packed shpack_in) : COLOR0
{
    float fog;
    float4 spec;
    float3 view;
    spec = shpack_in.r2;
    fog = shpack_in.r3.w;
    view = shpack_in.r4.xyz;
    return FogPS_unpacked(fog, spec, view);
}
#line 67 "corpus/rewrite/sdk_effect_out_params.fx"

technique Scene < string Script = "Technique=Scene;"; >
{
    pass P0 < string Script = "Draw=geometry;"; >
    {
        ZEnable = true;
        CullMode = CCW;
        VertexShader = compile vs_3_0 SceneVS(true);
        PixelShader  = compile ps_3_0 ScenePS();
    }
}

technique Fog
{
    pass P0
    {
        VertexShader = compile vs_3_0 SceneVS(false);
        PixelShader  = compile ps_3_0 FogPS();
    }
}
