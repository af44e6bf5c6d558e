vs_3_0
dcl_position o0   // VS_OUTPUT.Pos
dcl_position1 o1  // VS_OUTPUT.WorldPos = .xyz
dcl_texcoord o2   // VS_OUTPUT.Uv = .xy
dcl_position15 o3 // VS_OUTPUT.Height = .x
