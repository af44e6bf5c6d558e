ps_3_0
// ps_3_0 outputs have no declarations: each member is written to the register its semantic names
// oC0    ps.Color[0] = .xyzw
// oC1    ps.Color[1] = .xyzw
// oC2    ps.Glow = .xyzw
// oDepth ps.Depth = .x
