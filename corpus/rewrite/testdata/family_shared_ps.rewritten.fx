// shpack: rewrite
// render: BigVS SharedPS = 0.125 1.25 0.5 0.75
// render: SmallVS SharedPS = 2.5 -1.5 0.5 0.75
//
// One pixel shader linked with two vertex shaders whose outputs differ: a
// big one that overflows with one register per semantic, and a small one
// with an output of its own. Packed alone they would put what the pixel
// shader reads in different places, so they are packed as one family: A, K
// and the shared UV sit where the pixel shader reads them after either.
struct BIG_OUT
{
    float4 Pos : POSITION;
    float  A   : TEXCOORD0;
    float  B   : TEXCOORD1;
    float  C   : TEXCOORD2;
    float  D   : TEXCOORD3;
    float  E   : TEXCOORD4;
    float  F   : TEXCOORD5;
    float  G   : TEXCOORD6;
    float  H   : TEXCOORD7;
    float  I   : TEXCOORD8;
    float  J   : TEXCOORD9;
    float  K   : TEXCOORD10;
    float2 UV  : TEXCOORD11;
};

struct SMALL_OUT
{
    float4 Pos  : POSITION;
    float3 Own  : TEXCOORD12;
    float  A    : TEXCOORD0;
    float2 UV   : TEXCOORD11;
    float  K    : TEXCOORD10;
};

// Added by shpack: BigVS writes its 13 outputs packed into 4 general
// registers (strategy family; one register per semantic takes 12, vs_3_0 has
// 10). It returns them as a BigVS_Packed: each return goes through
// BigVS_RETURN.
struct BigVS_Packed
{
    float4 r0 : POSITION0;       // o0: Pos
    float4 r1 : TEXCOORD11;      // o1: UV = .xy, A = .z, K = .w
    float4 r2 : TEXCOORD1;       // o2: B = .x, C = .y, D = .z, E = .w
    float4 r3 : TEXCOORD5;       // o3: F = .x, G = .y, H = .z, I = .w
    float r4 : TEXCOORD9;        // o4: J = .x
};
#define BigVS_RETURN(shpack_e) \
    { BigVS_Packed shpack_out; \
    shpack_out.r0 = (shpack_e).Pos; \
    shpack_out.r1 = float4((shpack_e).UV, (shpack_e).A, (shpack_e).K); \
    shpack_out.r2 = float4((shpack_e).B, (shpack_e).C, (shpack_e).D, (shpack_e).E); \
    shpack_out.r3 = float4((shpack_e).F, (shpack_e).G, (shpack_e).H, (shpack_e).I); \
    shpack_out.r4 = (shpack_e).J; \
    return shpack_out; }
#line 36 "corpus/rewrite/family_shared_ps.fx"
BigVS_Packed BigVS(float4 p : POSITION)
{
    BIG_OUT o;
    o.Pos = p;
    o.A = 0.125;
    o.B = 0.25;
    o.C = 0.375;
    o.D = 0.5;
    o.E = 0.625;
    o.F = 0.75;
    o.G = 0.875;
    o.H = 1.0;
    o.I = 1.125;
    o.J = 1.25;
    o.K = 1.25;
    o.UV = float2(0.5, 0.75);
    BigVS_RETURN(o)
}

// Added by shpack: SmallVS writes its 5 outputs packed into 2 general
// registers (strategy family; one register per semantic takes 4, vs_3_0 has
// 10). It returns them as a SmallVS_Packed: each return goes through
// SmallVS_RETURN.
struct SmallVS_Packed
{
    float4 r0 : POSITION0;       // o0: Pos
    float4 r1 : TEXCOORD11;      // o1: UV = .xy, A = .z, K = .w
    float3 r2 : TEXCOORD1;       // o2: Own = .xyz
};
#define SmallVS_RETURN(shpack_e) \
    { SmallVS_Packed shpack_out; \
    shpack_out.r0 = (shpack_e).Pos; \
    shpack_out.r1 = float4((shpack_e).UV, (shpack_e).A, (shpack_e).K); \
    shpack_out.r2 = (shpack_e).Own; \
    return shpack_out; }
#line 55 "corpus/rewrite/family_shared_ps.fx"
SmallVS_Packed SmallVS(float4 p : POSITION)
{
    SMALL_OUT o;
    o.Pos = p;
    o.Own = float3(3.0, 3.25, 3.5);
    o.A = 2.5;
    o.UV = float2(0.5, 0.75);
    o.K = -1.5;
    SmallVS_RETURN(o)
}

// Added by shpack: SharedPS reads 1 register that BigVS and SmallVS write
// packed (strategy family). It takes them as a SharedPS_Packed, and
// SharedPS_UNPACK declares the parameters that read them as locals and fills
// them.
struct SharedPS_Packed
{
    float4 r1 : TEXCOORD11;      // o1: uv = .xy, a = .z, k = .w
};
#define SharedPS_UNPACK \
    float a = shpack_in.r1.z; \
    float k = shpack_in.r1.w; \
    float2 uv = shpack_in.r1.xy;
#line 66 "corpus/rewrite/family_shared_ps.fx"
float4 SharedPS(SharedPS_Packed shpack_in /* float a : TEXCOORD0, float k : TEXCOORD10, float2 uv : TEXCOORD11 */) : COLOR0
{ SharedPS_UNPACK
    return float4(a, k, uv);
}

technique Big { pass P0 { VertexShader = compile vs_3_0 BigVS(); PixelShader = compile ps_3_0 SharedPS(); } }
technique Small { pass P0 { VertexShader = compile vs_3_0 SmallVS(); PixelShader = compile ps_3_0 SharedPS(); } }
