// shpack: rewrite
// render: VS PS = 3.25 0.125 1.75 -1.0 -2.5 0.375 2.875 1.375 0.75 2.25 0.25 3.125 1.25 1.875 -0.5 2.625
//
// A vertex shader that returns a struct of 26 floats built by a helper
// function: a wrapper copied the returned struct into temporaries (vkd3d
// 1.17: r0 to r34). The rewrite repeats the call in the registers'
// constructors instead, which the compiler folds. The pixel shader reads
// 16 of them in another order.
struct VS_OUT
{
    float4 Pos : POSITION;
    float f0 : TEXCOORD0;
    float f1 : TEXCOORD1;
    float f2 : TEXCOORD2;
    float f3 : TEXCOORD3;
    float f4 : TEXCOORD4;
    float f5 : TEXCOORD5;
    float f6 : TEXCOORD6;
    float f7 : TEXCOORD7;
    float f8 : TEXCOORD8;
    float f9 : TEXCOORD9;
    float f10 : TEXCOORD10;
    float f11 : TEXCOORD11;
    float f12 : TEXCOORD12;
    float f13 : TEXCOORD13;
    float f14 : TEXCOORD14;
    float f15 : TEXCOORD15;
    float f16 : TANGENT0;
    float f17 : TANGENT1;
    float f18 : TANGENT2;
    float f19 : TANGENT3;
    float f20 : TANGENT4;
    float f21 : TANGENT5;
    float f22 : TANGENT6;
    float f23 : TANGENT7;
    float f24 : TANGENT8;
    float f25 : TANGENT9;
};

VS_OUT Make(float4 p)
{
    VS_OUT o;
    o.Pos = p;
    o.f0 = 0.125;
    o.f1 = 0.25;
    o.f2 = 0.375;
    o.f3 = -0.5;
    o.f4 = 0.625;
    o.f5 = 0.75;
    o.f6 = 0.875;
    o.f7 = -1.0;
    o.f8 = 1.125;
    o.f9 = 1.25;
    o.f10 = 1.375;
    o.f11 = -1.5;
    o.f12 = 1.625;
    o.f13 = 1.75;
    o.f14 = 1.875;
    o.f15 = -2.0;
    o.f16 = 2.125;
    o.f17 = 2.25;
    o.f18 = 2.375;
    o.f19 = -2.5;
    o.f20 = 2.625;
    o.f21 = 2.75;
    o.f22 = 2.875;
    o.f23 = -3.0;
    o.f24 = 3.125;
    o.f25 = 3.25;
    return o;
}

// Added by shpack: VS writes its 27 outputs packed into 7 general registers
// (strategy optimal; one register per semantic takes 26, vs_3_0 has 10). It
// returns them as a VS_Packed: each return goes through VS_RETURN.
struct VS_Packed
{
    float4 r0 : POSITION0;       // o0: Pos
    float4 r1 : TEXCOORD0;       // o1: f0 = .x, f1 = .y, f2 = .z, f3 = .w
    float4 r2 : TEXCOORD4;       // o2: f4 = .x, f5 = .y, f6 = .z, f7 = .w
    float4 r3 : TEXCOORD8;       // o3: f8 = .x, f9 = .y, f10 = .z, f11 = .w
    float4 r4 : TEXCOORD12;      // o4: f12 = .x, f13 = .y, f14 = .z, f15 = .w
    float4 r5 : TANGENT0;        // o5: f16 = .x, f17 = .y, f18 = .z, f19 = .w
    float4 r6 : TANGENT4;        // o6: f20 = .x, f21 = .y, f22 = .z, f23 = .w
    float2 r7 : TANGENT8;        // o7: f24 = .x, f25 = .y
};
#define VS_RETURN(shpack_e) \
    { VS_Packed shpack_out; \
    shpack_out.r0 = (shpack_e).Pos; \
    shpack_out.r1 = float4((shpack_e).f0, (shpack_e).f1, (shpack_e).f2, (shpack_e).f3); \
    shpack_out.r2 = float4((shpack_e).f4, (shpack_e).f5, (shpack_e).f6, (shpack_e).f7); \
    shpack_out.r3 = float4((shpack_e).f8, (shpack_e).f9, (shpack_e).f10, (shpack_e).f11); \
    shpack_out.r4 = float4((shpack_e).f12, (shpack_e).f13, (shpack_e).f14, (shpack_e).f15); \
    shpack_out.r5 = float4((shpack_e).f16, (shpack_e).f17, (shpack_e).f18, (shpack_e).f19); \
    shpack_out.r6 = float4((shpack_e).f20, (shpack_e).f21, (shpack_e).f22, (shpack_e).f23); \
    shpack_out.r7 = float2((shpack_e).f24, (shpack_e).f25); \
    return shpack_out; }
#line 73 "corpus/rewrite/helper_struct26.fx"
VS_Packed VS(float4 p : POSITION)
{
    VS_RETURN(Make(p))
}

// Added by shpack: PS reads 7 registers that VS writes packed (strategy
// optimal). It takes them as a PS_Packed, and PS_UNPACK declares the
// parameters that read them as locals and fills them.
struct PS_Packed
{
    float4 r1 : TEXCOORD0;       // o1: i.f0 = .x, i.f1 = .y, i.f2 = .z, i.f3 = .w
    float4 r2 : TEXCOORD4;       // o2: i.f4 = .x, i.f5 = .y, i.f6 = .z, i.f7 = .w
    float4 r3 : TEXCOORD8;       // o3: i.f8 = .x, i.f9 = .y, i.f10 = .z, i.f11 = .w
    float4 r4 : TEXCOORD12;      // o4: i.f12 = .x, i.f13 = .y, i.f14 = .z, i.f15 = .w
    float4 r5 : TANGENT0;        // o5: i.f16 = .x, i.f17 = .y, i.f18 = .z, i.f19 = .w
    float4 r6 : TANGENT4;        // o6: i.f20 = .x, i.f21 = .y, i.f22 = .z, i.f23 = .w
    float2 r7 : TANGENT8;        // o7: i.f24 = .x, i.f25 = .y
};
#define PS_UNPACK \
    VS_OUT i = (VS_OUT)0; \
    i.f0 = shpack_in.r1.x; \
    i.f1 = shpack_in.r1.y; \
    i.f2 = shpack_in.r1.z; \
    i.f3 = shpack_in.r1.w; \
    i.f4 = shpack_in.r2.x; \
    i.f5 = shpack_in.r2.y; \
    i.f6 = shpack_in.r2.z; \
    i.f7 = shpack_in.r2.w; \
    i.f8 = shpack_in.r3.x; \
    i.f9 = shpack_in.r3.y; \
    i.f10 = shpack_in.r3.z; \
    i.f11 = shpack_in.r3.w; \
    i.f12 = shpack_in.r4.x; \
    i.f13 = shpack_in.r4.y; \
    i.f14 = shpack_in.r4.z; \
    i.f15 = shpack_in.r4.w; \
    i.f16 = shpack_in.r5.x; \
    i.f17 = shpack_in.r5.y; \
    i.f18 = shpack_in.r5.z; \
    i.f19 = shpack_in.r5.w; \
    i.f20 = shpack_in.r6.x; \
    i.f21 = shpack_in.r6.y; \
    i.f22 = shpack_in.r6.z; \
    i.f23 = shpack_in.r6.w; \
    i.f24 = shpack_in.r7.x; \
    i.f25 = shpack_in.r7.y;
#line 78 "corpus/rewrite/helper_struct26.fx"
float4 PS(PS_Packed shpack_in, /* VS_OUT i */ out float4 c1 : COLOR1, out float4 c2 : COLOR2, out float4 c3 : COLOR3) : COLOR0
{ PS_UNPACK
    c1 = float4(i.f19, i.f2, i.f22, i.f10);
    c2 = float4(i.f5, i.f17, i.f1, i.f24);
    c3 = float4(i.f9, i.f14, i.f3, i.f20);
    return float4(i.f25, i.f0, i.f13, i.f7);
}

technique T { pass P { VertexShader = compile vs_3_0 VS(); PixelShader = compile ps_3_0 PS(); } }
