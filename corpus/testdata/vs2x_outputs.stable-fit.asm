vs_2_x
// vs_2_x outputs have no declarations: each member is written to the register its semantic names
// oPos    VS_OUTPUT.Pos
// oD0     VS_OUTPUT.Diffuse
// oD1.xyz VS_OUTPUT.Specular
// oT7.xy  VS_OUTPUT.Last
// oFog.x  VS_OUTPUT.Fog
// oPts.x  VS_OUTPUT.Size
