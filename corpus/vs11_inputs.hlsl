// shpack: --profile=vs_1_1 --direction=in --struct=APP_VERTEX
// Vertex shader inputs in any profile: one v register per element, in
// declaration order, declared with the usage and index and no mask; a
// matrix takes a register per column (BLENDWEIGHT0..2 in v2..v4). Nothing
// is packed: the float2 and the scalar do not share.
struct APP_VERTEX
{
    float4   Pos     : POSITION;
    float3   Normal  : NORMAL;
    float3x3 Weights : BLENDWEIGHT0;
    float2   Uv      : TEXCOORD0;
    float    Psize   : PSIZE;
    float4   Color   : COLOR0;
};
