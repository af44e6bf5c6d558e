// shpack: --profile=ps_3_0
// A pixel shader's SV_Position input is the pixel's position, as fxc reads
// it for ps_3_0: dcl vPos.xy (VPOS), not the vertex shader's POSITION0,
// which a pixel shader cannot read. The only pixel shader of a file without
// structs is the default signature.
float4 main(float4 pos : SV_Position, float2 uv : TEXCOORD0, float4 tint : COLOR0) : SV_Target
{
    return tint * pos.x + uv.x;
}
