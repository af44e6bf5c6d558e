vs_3_0
dcl_position o0  // VS_OUTPUT.Pos
dcl_texcoord2 o1 // VS_OUTPUT.Lights[0].Dir = .xyz, VS_OUTPUT.Lights[0].Range = .w
dcl_texcoord4 o2 // VS_OUTPUT.Lights[1].Dir = .xyz, VS_OUTPUT.Lights[1].Range = .w
dcl_texcoord o3  // VS_OUTPUT.Uv = .xy
