// Register numbers follow the strategy. fxc, prefix-stable and vertical (and
// stable-fit, which keeps the prefix-stable layout when it fits)
// number registers in the order they are opened, so POSITION0 declared
// second is o1 and PSIZE o2; optimal and exact put POSITION0 in o0 and PSIZE
// next, then the general registers in the order they were opened (widest
// first: the float3 before the float2).
struct VS_OUTPUT
{
    float2 Uv     : TEXCOORD0;
    float4 Pos    : POSITION;
    float  Size   : PSIZE;
    float3 Normal : NORMAL;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
