// shpack: rewrite
// render: QuadVS QuadPS = 0.25 0.5 1.5 2
//
// Types spelled through macros, as NVIDIA's FX Composer library spells
// them (QUAD_REAL4 for float4 or half4): the pixel shader's return type
// and its parameter's type, and the vertex shader's return type. The
// pixel shader's return type needs no edit; the vertex shader's is the
// whole invocation QUAD_OUT, which the rewrite replaces by the packed
// struct.
#define QUAD_REAL float
#define QUAD_REAL2 float2
#define QUAD_REAL4 float4
#define QUAD_OUT QuadVertexOutput

struct QuadVertexOutput
{
    QUAD_REAL4 Position : POSITION;
    QUAD_REAL2 UV : TEXCOORD0;
    QUAD_REAL A : TEXCOORD1;
    QUAD_REAL B : TEXCOORD2;
    QUAD_REAL C : TEXCOORD3;
    QUAD_REAL D : TEXCOORD4;
    QUAD_REAL E : TEXCOORD5;
    QUAD_REAL F : TEXCOORD6;
    QUAD_REAL G : TEXCOORD7;
    QUAD_REAL H : TEXCOORD8;
    QUAD_REAL I : TEXCOORD9;
    QUAD_REAL K : TEXCOORD10;
};

// Added by shpack: QuadVS writes its 12 outputs packed into 3 general
// registers (strategy optimal; one register per semantic takes 11, vs_3_0 has
// 10). It returns them as a QuadVS_Packed: each return goes through
// QuadVS_RETURN.
struct QuadVS_Packed
{
    float4 r0 : POSITION0;       // o0: Position
    float4 r1 : TEXCOORD0;       // o1: UV = .xy, A = .z, B = .w
    float4 r2 : TEXCOORD3;       // o2: C = .x, D = .y, E = .z, F = .w
    float4 r3 : TEXCOORD7;       // o3: G = .x, H = .y, I = .z, K = .w
};
#define QuadVS_RETURN(shpack_e) \
    { QuadVS_Packed shpack_out; \
    shpack_out.r0 = (shpack_e).Position; \
    shpack_out.r1 = float4((shpack_e).UV, (shpack_e).A, (shpack_e).B); \
    shpack_out.r2 = float4((shpack_e).C, (shpack_e).D, (shpack_e).E, (shpack_e).F); \
    shpack_out.r3 = float4((shpack_e).G, (shpack_e).H, (shpack_e).I, (shpack_e).K); \
    return shpack_out; }
#line 31 "corpus/rewrite/macro_types_quad.fx"
QuadVS_Packed QuadVS(QUAD_REAL4 p : POSITION)
{
    QuadVertexOutput o = (QuadVertexOutput)0;
    o.Position = p;
    o.UV = QUAD_REAL2(0.25, 0.5);
    o.A = 1.5;
    o.K = 2.0;
    QuadVS_RETURN(o)
}

// Added by shpack: QuadPS reads 3 registers that QuadVS writes packed
// (strategy optimal). It takes them as a QuadPS_Packed, and QuadPS_UNPACK
// declares the parameters that read them as locals and fills them.
struct QuadPS_Packed
{
    float4 r1 : TEXCOORD0;       // o1: IN.UV = .xy, IN.A = .z, IN.B = .w
    float4 r2 : TEXCOORD3;       // o2: IN.C = .x, IN.D = .y, IN.E = .z, IN.F = .w
    float4 r3 : TEXCOORD7;       // o3: IN.G = .x, IN.H = .y, IN.I = .z, IN.K = .w
};
#define QuadPS_UNPACK \
    QuadVertexOutput IN = (QuadVertexOutput)0; \
    IN.UV = shpack_in.r1.xy; \
    IN.A = shpack_in.r1.z; \
    IN.B = shpack_in.r1.w; \
    IN.C = shpack_in.r2.x; \
    IN.D = shpack_in.r2.y; \
    IN.E = shpack_in.r2.z; \
    IN.F = shpack_in.r2.w; \
    IN.G = shpack_in.r3.x; \
    IN.H = shpack_in.r3.y; \
    IN.I = shpack_in.r3.z; \
    IN.K = shpack_in.r3.w;
#line 41 "corpus/rewrite/macro_types_quad.fx"
QUAD_REAL4 QuadPS(QuadPS_Packed shpack_in /* QuadVertexOutput IN */) : COLOR
{ QuadPS_UNPACK
    return QUAD_REAL4(IN.UV, IN.A, IN.K);
}

technique Main { pass P0 { VertexShader = compile vs_3_0 QuadVS(); PixelShader = compile ps_3_0 QuadPS(); } }
