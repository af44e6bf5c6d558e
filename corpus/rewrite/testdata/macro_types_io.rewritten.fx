// shpack: rewrite
// render: main ps_main = 0.125 0.25 0.375 0.5
//
// The vertex shader's input and output types are macros that name
// structs, as a renderer spells them (_in, _out): _out main(_in v). The
// return type's invocation is replaced by the packed struct; the pixel
// shader's parameter keeps its macro-spelled type, which the generated
// code spells the same way.
struct a2v { float4 P : POSITION; };
struct v2p
{
    float4 HPos : POSITION;
    float4 Tc0 : TEXCOORD0;
    float Fog : FOG;
    float A : TEXCOORD1;
    float B : TEXCOORD2;
    float C : TEXCOORD3;
    float D : TEXCOORD4;
    float E : TEXCOORD5;
    float F : TEXCOORD6;
    float G : TEXCOORD7;
    float H : TEXCOORD8;
    float I : TEXCOORD9;
    float J : TEXCOORD10;
};
#define _in a2v
#define _out v2p
#define _pin v2p

// Added by shpack: main writes its 13 outputs packed into 4 general registers
// (strategy optimal; one register per semantic takes 12, vs_3_0 has 10). It
// returns them as a main_Packed: each return goes through main_RETURN.
struct main_Packed
{
    float4 r0 : POSITION0;       // o0: HPos
    float4 r1 : TEXCOORD0;       // o1: Tc0 = .xyzw
    float4 r2 : TEXCOORD1;       // o2: Fog = .x, A = .y, B = .z, C = .w
    float4 r3 : TEXCOORD4;       // o3: D = .x, E = .y, F = .z, G = .w
    float3 r4 : TEXCOORD8;       // o4: H = .x, I = .y, J = .z
};
#define main_RETURN(shpack_e) \
    { main_Packed shpack_out; \
    shpack_out.r0 = (shpack_e).HPos; \
    shpack_out.r1 = (shpack_e).Tc0; \
    shpack_out.r2 = float4((shpack_e).Fog, (shpack_e).A, (shpack_e).B, (shpack_e).C); \
    shpack_out.r3 = float4((shpack_e).D, (shpack_e).E, (shpack_e).F, (shpack_e).G); \
    shpack_out.r4 = float3((shpack_e).H, (shpack_e).I, (shpack_e).J); \
    return shpack_out; }
#line 30 "corpus/rewrite/macro_types_io.fx"
main_Packed main(_in v)
{
    _out o = (_out)0;
    o.HPos = v.P;
    o.Tc0 = float4(0.125, 0.25, 0.375, 0.5);
    o.J = 1.0;
    main_RETURN(o)
}

// Added by shpack: ps_main reads 4 registers that main writes packed
// (strategy optimal). It takes them as a ps_main_Packed, and ps_main_UNPACK
// declares the parameters that read them as locals and fills them.
struct ps_main_Packed
{
    float4 r1 : TEXCOORD0;       // o1: I.Tc0 = .xyzw
    float4 r2 : TEXCOORD1;       // o2: I.Fog = .x, I.A = .y, I.B = .z, I.C = .w
    float4 r3 : TEXCOORD4;       // o3: I.D = .x, I.E = .y, I.F = .z, I.G = .w
    float3 r4 : TEXCOORD8;       // o4: I.H = .x, I.I = .y, I.J = .z
};
#define ps_main_UNPACK \
    v2p I = (v2p)0; \
    I.Tc0 = shpack_in.r1; \
    I.Fog = shpack_in.r2.x; \
    I.A = shpack_in.r2.y; \
    I.B = shpack_in.r2.z; \
    I.C = shpack_in.r2.w; \
    I.D = shpack_in.r3.x; \
    I.E = shpack_in.r3.y; \
    I.F = shpack_in.r3.z; \
    I.G = shpack_in.r3.w; \
    I.H = shpack_in.r4.x; \
    I.I = shpack_in.r4.y; \
    I.J = shpack_in.r4.z;
#line 39 "corpus/rewrite/macro_types_io.fx"
float4 ps_main(ps_main_Packed shpack_in /* _pin I */) : COLOR
{ ps_main_UNPACK
    return I.Tc0 * I.J;
}

technique T { pass P { VertexShader = compile vs_3_0 main(); PixelShader = compile ps_3_0 ps_main(); } }
