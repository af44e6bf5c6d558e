// shpack: --direction=in --struct=FAT_VERTEX
// error: a vertex shader has 16 input registers, v0..v15, one per element;
// a float4x4 takes four, so 4 x 4 + 1 = 17 elements is one too many. The
// first element past v15 is named.
struct FAT_VERTEX
{
    float4x4 Frame0 : TEXCOORD0;
    float4x4 Frame1 : TEXCOORD4;
    float4x4 Frame2 : TEXCOORD8;
    float4x4 Frame3 : BLENDWEIGHT0;
    float4   Pos    : POSITION;
};
