vs_2_0
// vs_2_0 outputs have no declarations: each member is written to the register its semantic names
// oPos    VS_OUTPUT.Pos
// oD0     VS_OUTPUT.Color
// oT0.xy  VS_OUTPUT.UV0
// oT5.xyz VS_OUTPUT.UV5
// oFog.x  VS_OUTPUT.Fog
// oPts.x  VS_OUTPUT.Size
