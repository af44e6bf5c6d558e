// shpack: --entry=CloudVS
// --entry on a function that returns a struct: the struct's members come
// first, named by the function (CloudVS.Pos), then the out parameter shade.
// Without --entry shpack would pack the struct alone (the only struct a
// function returns, although UNUSED_OUT also has a POSITION0) and leave
// shade out; with it shade shares the float3's register.
struct CLOUD_OUT
{
    float4 Pos     : POSITION;
    float3 Density : TEXCOORD0;
};

struct UNUSED_OUT
{
    float4 Pos : POSITION;
    float4 Uv  : TEXCOORD0;
};

CLOUD_OUT CloudVS(float4 p : POSITION, out float shade : TEXCOORD1)
{
    CLOUD_OUT o = (CLOUD_OUT)0;
    o.Pos = p;
    shade = p.w;
    return o;
}
