// errors: Direct3D 9 interpolates linearly, with centroid as the only
// option: nointerpolation, noperspective and sample (alone or combined with
// centroid) cannot be expressed. linear and centroid are accepted.
struct VS_OUTPUT
{
    float4                   Pos   : POSITION;
    nointerpolation uint     Id    : TEXCOORD0;
    noperspective float2     Scr   : TEXCOORD1;
    sample float3            Norm  : NORMAL;
    centroid noperspective float Edge : TEXCOORD2;
    linear centroid float    Ok    : TEXCOORD3;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
