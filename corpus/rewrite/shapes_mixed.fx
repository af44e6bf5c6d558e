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

float4 SkinVS(in float4 p : POSITION, out float fog : FOG, inout float2 t : TEXCOORD9, out SKIN_OUT o) : POSITION
{
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
    return p;
}

float4 SkinPS(SKIN_OUT i, float fog : FOG, float2 vpos : VPOS, out float4 c1 : COLOR1, out float4 c2 : COLOR2) : COLOR0
{
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
