// The struct comes from an #include resolved relative to the including file
// (corpus/include_struct.fxh). The JSON gives the members the .fxh's file
// and lines. The float3 normal takes the fog in w, the float2 its own.
#include "include_struct.fxh"

VS_OUTPUT vs(float4 p : POSITION, float3 n : NORMAL)
{
    VS_OUTPUT o = (VS_OUTPUT)0;
    o.Pos = p;
    o.Normal = n;
    return o;
}
