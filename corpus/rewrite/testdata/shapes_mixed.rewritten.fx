// shpack: rewrite
// render: SkinVS SkinPS = 0.625 0.1 0.2 0.3 0.125 0.5 0.875 0.875 0.75 1 3 1
//
// Every shape of entry point at once: the vertex shader returns its
// position, writes a struct through an out parameter, a scalar through
// another and a coordinate through an inout parameter; the pixel shader
// takes the struct, a plain input, VPOS and out parameters. The struct
// carries a column_major matrix, an array, integers, a bool, a centroid
// value and a COLOR (which keeps a register of its own).
struct SKIN_OUT
{
    float4x3 Bones   : TEXCOORD0;
    float2   Uv[2]   : TEXCOORD4;
    int2     Ids     : TEXCOORD6;
    bool     Lit     : TEXCOORD7;
    centroid float Edge : TEXCOORD8;
    float4   Tint    : COLOR0;
};

// Added by shpack: SkinVS writes its 12 outputs packed into 9 general
// registers (strategy optimal; one register per semantic takes 11, vs_3_0 has
// 10). It returns them as a SkinVS_Packed: each return goes through
// SkinVS_RETURN, and its out parameters (fog, o) are locals.
struct SkinVS_Packed
{
    float4 r0 : POSITION0;       // o0: return
    float4 r1 : TEXCOORD0;       // o1: o.Bones[0] = .xyzw
    float4 r2 : TEXCOORD1;       // o2: o.Bones[1] = .xyzw
    float4 r3 : TEXCOORD2;       // o3: o.Bones[2] = .xyzw
    float4 r4 : COLOR0;          // o4: o.Tint = .xyzw
    float4 r5 : TEXCOORD9;       // o5: t = .xy, o.Uv[0] = .zw
    float3 r6 : TEXCOORD5;       // o6: o.Uv[1] = .xy, fog = .z
    int2 r7 : TEXCOORD6;         // o7: o.Ids = .xy
    bool r8 : TEXCOORD7;         // o8: o.Lit = .x
    float r9 : TEXCOORD8;        // o9: o.Edge = .x
};
#define SkinVS_RETURN(shpack_e) \
    { SkinVS_Packed shpack_out; \
    shpack_out.r0 = (shpack_e); \
    shpack_out.r1 = float4(o.Bones[0][0], o.Bones[1][0], o.Bones[2][0], o.Bones[3][0]); \
    shpack_out.r2 = float4(o.Bones[0][1], o.Bones[1][1], o.Bones[2][1], o.Bones[3][1]); \
    shpack_out.r3 = float4(o.Bones[0][2], o.Bones[1][2], o.Bones[2][2], o.Bones[3][2]); \
    shpack_out.r4 = o.Tint; \
    shpack_out.r5 = float4(t, o.Uv[0]); \
    shpack_out.r6 = float3(o.Uv[1], fog); \
    shpack_out.r7 = o.Ids; \
    shpack_out.r8 = o.Lit; \
    shpack_out.r9 = o.Edge; \
    return shpack_out; }
#line 20 "corpus/rewrite/shapes_mixed.fx"
SkinVS_Packed SkinVS(in float4 p : POSITION, /* out float fog : FOG */ in float2 t : TEXCOORD9 /* out SKIN_OUT o */) /* : POSITION */
{ float fog; SKIN_OUT o;
    o = (SKIN_OUT)0;
    o.Bones = float4x3(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12) * 0.125;
    o.Uv[0] = float2(0.25, 0.5);
    o.Uv[1] = float2(0.75, 1.0);
    o.Ids = int2(3, -2);
    o.Lit = true;
    o.Edge = 0.625;
    o.Tint = float4(0.1, 0.2, 0.3, 0.4);
    fog = 0.875;
    t = t + 1;
    SkinVS_RETURN(p)
}

// Added by shpack: SkinPS reads 9 registers that SkinVS writes packed
// (strategy optimal). It takes them as a SkinPS_Packed, and SkinPS_UNPACK
// declares the parameters that read them as locals and fills them.
struct SkinPS_Packed
{
    float4 r1 : TEXCOORD0;       // o1: i.Bones[0] = .xyzw
    float4 r2 : TEXCOORD1;       // o2: i.Bones[1] = .xyzw
    float4 r3 : TEXCOORD2;       // o3: i.Bones[2] = .xyzw
    float4 r4 : COLOR0;          // o4: i.Tint = .xyzw
    float4 r5 : TEXCOORD9;       // o5: i.Uv[0] = .zw
    float3 r6 : TEXCOORD5;       // o6: i.Uv[1] = .xy, fog = .z
    int2 r7 : TEXCOORD6;         // o7: i.Ids = .xy
    bool r8 : TEXCOORD7;         // o8: i.Lit = .x
    centroid float r9 : TEXCOORD8; // o9: i.Edge = .x
};
#define SkinPS_UNPACK \
    SKIN_OUT i; \
    i.Bones[0][0] = (shpack_in.r1).x; i.Bones[1][0] = (shpack_in.r1).y; i.Bones[2][0] = (shpack_in.r1).z; i.Bones[3][0] = (shpack_in.r1).w; \
    i.Bones[0][1] = (shpack_in.r2).x; i.Bones[1][1] = (shpack_in.r2).y; i.Bones[2][1] = (shpack_in.r2).z; i.Bones[3][1] = (shpack_in.r2).w; \
    i.Bones[0][2] = (shpack_in.r3).x; i.Bones[1][2] = (shpack_in.r3).y; i.Bones[2][2] = (shpack_in.r3).z; i.Bones[3][2] = (shpack_in.r3).w; \
    i.Uv[0] = shpack_in.r5.zw; \
    i.Uv[1] = shpack_in.r6.xy; \
    i.Ids = shpack_in.r7; \
    i.Lit = shpack_in.r8; \
    i.Edge = shpack_in.r9; \
    i.Tint = shpack_in.r4; \
    float fog = shpack_in.r6.z;
#line 35 "corpus/rewrite/shapes_mixed.fx"
float4 SkinPS(SkinPS_Packed shpack_in, /* SKIN_OUT i, float fog : FOG */ float2 vpos : VPOS, out float4 c1 : COLOR1, out float4 c2 : COLOR2) : COLOR0
{ SkinPS_UNPACK
    c1 = float4(i.Bones._m00_m10_m20, fog);
    c2 = float4(i.Uv[1], i.Ids.x, (float)i.Lit);
    return float4(i.Edge, i.Tint.xyz) + vpos.x * 0;
}

technique Skin
{
    pass P0
    {
        VertexShader = compile vs_3_0 SkinVS();
        PixelShader = compile ps_3_0 SkinPS();
    }
}
