// shpack: rewrite
// render: VS PS = 2.0 1.5 0.25 2.0 0.25 1.5 -0.5 3.0 0.75 1.0 4.0 0.5 1.0 2.0 3.0 4.0
//
// A vertex shader that returns what a function that works returns, which
// returns what another returns (X-Ray's "return _main(v);" over skinning):
// the rewrite calls copies of both that return the packed struct through
// the macro, so each is computed once, as in the original, rather than
// once per member the macro reads.
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
};

VS_OUT Fill(float4 p, float scale)
{
    VS_OUT o;
    float acc = 0;
    for (int i = 0; i < 3; i++)
        acc += 0.5;
    o.Pos = p;
    o.f0 = sqrt(4.0);
    o.f1 = acc;
    o.f2 = frac(1.25);
    o.f3 = floor(2.75);
    o.f4 = max(0.25, 0.125);
    o.f5 = abs(-1.5);
    o.f6 = -0.5;
    o.f7 = 1.5 * scale;
    o.f8 = min(0.75, 2.0);
    o.f9 = scale * 0.5;
    o.f10 = scale * scale;
    o.f11 = 0.25 * scale;
    return o;
}

VS_OUT Build(float4 p)
{
    if (p.w < 0)
        return Fill(-p, 1.0);
    return Fill(p, 2.0);
}

// Added by shpack: VS writes its 13 outputs packed into 3 general registers
// (strategy optimal; one register per semantic takes 12, vs_3_0 has 10). It
// returns them as a VS_Packed: each return goes through VS_RETURN.
struct VS_Packed
{
    float4 r0 : POSITION0;       // o0: Pos
    float4 r1 : TEXCOORD0;       // o1: f0 = .x, f1 = .y, f2 = .z, f3 = .w
    float4 r2 : TEXCOORD4;       // o2: f4 = .x, f5 = .y, f6 = .z, f7 = .w
    float4 r3 : TEXCOORD8;       // o3: f8 = .x, f9 = .y, f10 = .z, f11 = .w
};
#define VS_RETURN(shpack_e) \
    { VS_Packed shpack_out; \
    shpack_out.r0 = (shpack_e).Pos; \
    shpack_out.r1 = float4((shpack_e).f0, (shpack_e).f1, (shpack_e).f2, (shpack_e).f3); \
    shpack_out.r2 = float4((shpack_e).f4, (shpack_e).f5, (shpack_e).f6, (shpack_e).f7); \
    shpack_out.r3 = float4((shpack_e).f8, (shpack_e).f9, (shpack_e).f10, (shpack_e).f11); \
    return shpack_out; }
// Added by shpack: a copy of Fill that returns VS_Packed through VS_RETURN,
// so that what Fill returns is computed once.
#line 26 "corpus/rewrite/return_call_work.fx"
VS_Packed Fill_packed(float4 p, float scale)
{
    VS_OUT o;
    float acc = 0;
    for (int i = 0; i < 3; i++)
        acc += 0.5;
    o.Pos = p;
    o.f0 = sqrt(4.0);
    o.f1 = acc;
    o.f2 = frac(1.25);
    o.f3 = floor(2.75);
    o.f4 = max(0.25, 0.125);
    o.f5 = abs(-1.5);
    o.f6 = -0.5;
    o.f7 = 1.5 * scale;
    o.f8 = min(0.75, 2.0);
    o.f9 = scale * 0.5;
    o.f10 = scale * scale;
    o.f11 = 0.25 * scale;
    VS_RETURN(o)
}
// Added by shpack: a copy of Build that returns VS_Packed through VS_RETURN,
// so that what Build returns is computed once.
#line 48 "corpus/rewrite/return_call_work.fx"
VS_Packed Build_packed(float4 p)
{
    if (p.w < 0)
        return Fill_packed(-p, 1.0);
    return Fill_packed(p, 2.0);
}
#line 55 "corpus/rewrite/return_call_work.fx"
VS_Packed VS(float4 p : POSITION)
{
    return Build_packed(p);
}

// Added by shpack: PS reads 3 registers that VS writes packed (strategy
// optimal). It takes them as a PS_Packed, and PS_UNPACK declares the
// parameters that read them as locals and fills them.
struct PS_Packed
{
    float4 r1 : TEXCOORD0;       // o1: i.f0 = .x, i.f1 = .y, i.f2 = .z, i.f3 = .w
    float4 r2 : TEXCOORD4;       // o2: i.f4 = .x, i.f5 = .y, i.f6 = .z, i.f7 = .w
    float4 r3 : TEXCOORD8;       // o3: i.f8 = .x, i.f9 = .y, i.f10 = .z, i.f11 = .w
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
    i.f11 = shpack_in.r3.w;
#line 60 "corpus/rewrite/return_call_work.fx"
float4 PS(PS_Packed shpack_in, /* VS_OUT i */ out float4 c1 : COLOR1, out float4 c2 : COLOR2, out float4 c3 : COLOR3) : COLOR0
{ PS_UNPACK
    c1 = float4(i.f4, i.f5, i.f6, i.f7);
    c2 = float4(i.f8, i.f9, i.f10, i.f11);
    c3 = float4(1.0, 2.0, 3.0, 4.0);
    return float4(i.f0, i.f1, i.f2, i.f3);
}

technique T { pass P { VertexShader = compile vs_3_0 VS(); PixelShader = compile ps_3_0 PS(); } }
