vs_1_1
// vs_1_1 outputs have no declarations: each member is written to the register its semantic names
// oPos   vs.oPos
// oD0    vs.oDiffuse
// oD1    vs.oSpecular
// oT0.xy vs.oTex
