vs_3_0
dcl_position o0  // VS_OUTPUT.Pos
dcl_texcoord o1  // VS_OUTPUT.UV = .xy
dcl_texcoord1 o2 // VS_OUTPUT.Fog = .x
