ps_2_0
// ps_2_0 outputs have no declarations: each member is written to the register its semantic names
// oC0      ps.return
// oC1      ps.glow
// oDepth.x ps.depth
