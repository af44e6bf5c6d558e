// shpack: --entry=Lighting
// error: --entry names a helper: its return value has no semantic (neither
// on the function nor in the struct it returns), so it is not a shader
// entry point. Reported at the return type.
struct LIGHT { float3 Color; float Power; };

LIGHT Lighting(float3 n : NORMAL)
{
    LIGHT l = (LIGHT)0;
    l.Color = n;
    return l;
}
