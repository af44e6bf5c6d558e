// shpack: --profile=vs_1_1 --entry=vs
// vs_1_1 outputs from an entry point's out parameters.
void vs(float4 p : POSITION, out float4 oPos : POSITION, out float4 oDiffuse : COLOR0,
        out float4 oSpecular : COLOR1, out float2 oTex : TEXCOORD0)
{
    oPos = p;
    oDiffuse = 1;
    oSpecular = 0;
    oTex = p.xy;
}
