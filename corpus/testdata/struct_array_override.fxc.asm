vs_3_0
dcl_position o0  // VS_OUTPUT.Pos
dcl_texcoord o1  // VS_OUTPUT.Uv = .xy
dcl_texcoord2 o2 // VS_OUTPUT.Lights[0].Dir = .xyz
dcl_texcoord3 o3 // VS_OUTPUT.Lights[0].Range = .x
dcl_texcoord4 o4 // VS_OUTPUT.Lights[1].Dir = .xyz
dcl_texcoord5 o5 // VS_OUTPUT.Lights[1].Range = .x
