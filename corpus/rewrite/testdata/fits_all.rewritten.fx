// shpack: rewrite --all
// render: SimpleVS SimplePS = 0.25 0.5 0.75 1 0.125 0.375 0.625 0.875
//
// A pair that fits with one register per semantic, rewritten anyway with
// --all: the original and the rewrite must draw the same values. It also
// has a VFACE input, passed through unchanged, and a pass without a pixel
// shader.
struct VS_OUTPUT
{
    float4 Position : POSITION;
    float2 A : TEXCOORD0;
    float2 B : TEXCOORD1;
    float3 C : TEXCOORD2;
    float  D : TEXCOORD3;
};

// Added by shpack: SimpleVS writes its 5 outputs packed into 2 general
// registers (strategy optimal; one register per semantic takes 4, vs_3_0 has
// 10). It returns them as a SimpleVS_Packed: each return goes through
// SimpleVS_RETURN.
struct SimpleVS_Packed
{
    float4 r0 : POSITION0;       // o0: Position
    float4 r1 : TEXCOORD2;       // o1: C = .xyz, D = .w
    float4 r2 : TEXCOORD0;       // o2: A = .xy, B = .zw
};
#define SimpleVS_RETURN(shpack_e) \
    { SimpleVS_Packed shpack_out; \
    shpack_out.r0 = (shpack_e).Position; \
    shpack_out.r1 = float4((shpack_e).C, (shpack_e).D); \
    shpack_out.r2 = float4((shpack_e).A, (shpack_e).B); \
    return shpack_out; }
#line 17 "corpus/rewrite/fits_all.fx"
SimpleVS_Packed SimpleVS(float4 p : POSITION)
{
    VS_OUTPUT o;
    o.Position = p;
    o.A = float2(0.25, 0.5);
    o.B = float2(0.75, 1.0);
    o.C = float3(0.125, 0.375, 0.625);
    o.D = 0.875;
    SimpleVS_RETURN(o)
}

// Added by shpack: SimplePS reads 2 registers that SimpleVS writes packed
// (strategy optimal). It takes them as a SimplePS_Packed, and SimplePS_UNPACK
// declares the parameters that read them as locals and fills them.
struct SimplePS_Packed
{
    float4 r1 : TEXCOORD2;       // o1: In.C = .xyz, In.D = .w
    float4 r2 : TEXCOORD0;       // o2: In.A = .xy, In.B = .zw
};
#define SimplePS_UNPACK \
    VS_OUTPUT In = (VS_OUTPUT)0; \
    In.A = shpack_in.r2.xy; \
    In.B = shpack_in.r2.zw; \
    In.C = shpack_in.r1.xyz; \
    In.D = shpack_in.r1.w;
#line 28 "corpus/rewrite/fits_all.fx"
float4 SimplePS(SimplePS_Packed shpack_in, /* VS_OUTPUT In */ out float4 c1 : COLOR1) : COLOR0
{ SimplePS_UNPACK
    c1 = float4(In.C, In.D);
    return float4(In.A, In.B);
}

// Added by shpack: FacePS reads 2 registers that SimpleVS writes packed
// (strategy optimal). It takes them as a FacePS_Packed, and FacePS_UNPACK
// declares the parameters that read them as locals and fills them.
struct FacePS_Packed
{
    float4 r1 : TEXCOORD2;       // o1: In.C = .xyz, In.D = .w
    float4 r2 : TEXCOORD0;       // o2: In.A = .xy, In.B = .zw
};
#define FacePS_UNPACK \
    VS_OUTPUT In = (VS_OUTPUT)0; \
    In.A = shpack_in.r2.xy; \
    In.B = shpack_in.r2.zw; \
    In.C = shpack_in.r1.xyz; \
    In.D = shpack_in.r1.w;
#line 34 "corpus/rewrite/fits_all.fx"
float4 FacePS(FacePS_Packed shpack_in, /* VS_OUTPUT In */ float face : VFACE) : COLOR0
{ FacePS_UNPACK
    return face > 0 ? float4(In.A, In.B) : float4(In.C, In.D);
}

technique Simple
{
    pass P0
    {
        VertexShader = compile vs_3_0 SimpleVS();
        PixelShader = compile ps_3_0 SimplePS();
    }
    pass Faces
    {
        VertexShader = compile vs_3_0 SimpleVS();
        PixelShader = compile ps_3_0 FacePS();
    }
    pass DepthOnly
    {
        VertexShader = compile vs_3_0 SimpleVS();
        PixelShader = NULL;
    }
}
