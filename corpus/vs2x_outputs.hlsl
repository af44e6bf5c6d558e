// shpack: --profile=vs_2_x
// vs_2_x (like vs_2_0 and vs_1_1) has fixed output registers and nothing to
// pack: COLOR1 is oD1, TEXCOORD7 oT7 (the last one), FOG oFog and PSIZE
// oPts, each written with the mask of its width. The output is a comment
// table, the same for every strategy.
struct VS_OUTPUT
{
    float4 Pos      : POSITION;
    float3 Specular : COLOR1;
    float4 Diffuse  : COLOR0;
    float2 Last     : TEXCOORD7;
    float  Fog      : FOG;
    float  Size     : PSIZE;
};

VS_OUTPUT vs(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
