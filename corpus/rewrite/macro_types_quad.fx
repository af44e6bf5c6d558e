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

QUAD_OUT QuadVS(QUAD_REAL4 p : POSITION)
{
    QuadVertexOutput o = (QuadVertexOutput)0;
    o.Position = p;
    o.UV = QUAD_REAL2(0.25, 0.5);
    o.A = 1.5;
    o.K = 2.0;
    return o;
}

QUAD_REAL4 QuadPS(QuadVertexOutput IN) : COLOR
{
    return QUAD_REAL4(IN.UV, IN.A, IN.K);
}

technique Main { pass P0 { VertexShader = compile vs_3_0 QuadVS(); PixelShader = compile ps_3_0 QuadPS(); } }
