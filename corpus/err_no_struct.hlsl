// error: a file with no struct carrying semantics (only an entry point with
// parameter semantics) has nothing to pack by default: shpack asks for
// --entry rather than guessing.
float4 vs(float4 p : POSITION, out float2 uv : TEXCOORD0) : POSITION
{
    uv = p.xy;
    return p;
}
