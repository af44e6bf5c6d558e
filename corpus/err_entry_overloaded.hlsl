// shpack: --entry=Shade
// error: an entry point must be one function; Shade has two overloads, and
// the second definition is reported.
float4 Shade(float4 p : POSITION) : POSITION { return p; }

float4 Shade(float4 p : POSITION, out float2 uv : TEXCOORD0) : POSITION
{
    uv = p.xy;
    return p;
}
