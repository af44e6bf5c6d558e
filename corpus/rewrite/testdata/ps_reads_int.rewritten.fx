// shpack: rewrite --all
// render: VS PS = 2.75 0.25 5.5 1.5 -1.25 3 0.5 0.125
//
// The pixel shader reads float outputs as int and bool. Shader Model 3 has
// no integer interpolators: the values arrive as the vertex shader wrote
// them, and the original draws 2.75 where its int input holds 2.75. The
// rewrite declares those registers int and bool on the pixel side, so that
// nothing converts them on the way (a float read into an int would be
// truncated), and keeps them apart from float members.
struct VS_OUT
{
    float4 Pos : POSITION;
    float  A   : TEXCOORD0;
    float  B   : TEXCOORD1;
    float2 C   : TEXCOORD2;
    float  D   : TEXCOORD3;
    float  E   : TEXCOORD4;
};

// Added by shpack: VS writes its 6 outputs packed into 3 general registers
// (strategy optimal; one register per semantic takes 5, vs_3_0 has 10). It
// returns them as a VS_Packed: each return goes through VS_RETURN.
struct VS_Packed
{
    float4 r0 : POSITION0;       // o0: Pos
    float3 r1 : TEXCOORD2;       // o1: C = .xy, A = .z
    float r2 : TEXCOORD1;        // o2: B = .x
    float2 r3 : TEXCOORD3;       // o3: D = .x, E = .y
};
#define VS_RETURN(shpack_e) \
    { VS_Packed shpack_out; \
    shpack_out.r0 = (shpack_e).Pos; \
    shpack_out.r1 = float3((shpack_e).C, (shpack_e).A); \
    shpack_out.r2 = (shpack_e).B; \
    shpack_out.r3 = float2((shpack_e).D, (shpack_e).E); \
    return shpack_out; }
#line 20 "corpus/rewrite/ps_reads_int.fx"
VS_Packed VS(float4 p : POSITION)
{
    VS_OUT o;
    o.Pos = p;
    o.A = 2.75;
    o.B = 0.25;
    o.C = float2(1.5, -1.25);
    o.D = 0.5;
    o.E = 0.125;
    VS_RETURN(o)
}

// Added by shpack: PS reads 3 registers that VS writes packed (strategy
// optimal). It takes them as a PS_Packed, and PS_UNPACK declares the
// parameters that read them as locals and fills them.
struct PS_Packed
{
    int3 r1 : TEXCOORD2;         // o1: c = .xy, a = .z
    bool r2 : TEXCOORD1;         // o2: b = .x
    float2 r3 : TEXCOORD3;       // o3: d = .x, e = .y
};
#define PS_UNPACK \
    int a = shpack_in.r1.z; \
    bool b = shpack_in.r2; \
    int2 c = shpack_in.r1.xy; \
    float d = shpack_in.r3.x; \
    float e = shpack_in.r3.y;
#line 32 "corpus/rewrite/ps_reads_int.fx"
float4 PS(PS_Packed shpack_in, /* int a : TEXCOORD0, bool b : TEXCOORD1, int2 c : TEXCOORD2 */ out float4 c1 : COLOR1 /* float d : TEXCOORD3, float e : TEXCOORD4 */) : COLOR0
{ PS_UNPACK
    c1 = float4(c.y, a + 0.25, d, e);
    return float4(a, b, a * 2, c.x);
}

technique T { pass P { VertexShader = compile vs_3_0 VS(); PixelShader = compile ps_3_0 PS(); } }
