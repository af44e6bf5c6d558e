vs_3_0
dcl_position o0  // VS_OUTPUT.Pos
dcl_position1 o1 // VS_OUTPUT.WorldPos = .xyz, VS_OUTPUT.Height = .w
dcl_texcoord o2  // VS_OUTPUT.Uv = .xy
