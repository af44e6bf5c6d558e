vs_3_0
dcl_position o0  // VS_OUTPUT.Pos
dcl_texcoord o1  // VS_OUTPUT.Uv = .xy, VS_OUTPUT.Lights[0].Range = .z, VS_OUTPUT.Lights[1].Range = .w
dcl_texcoord2 o2 // VS_OUTPUT.Lights[0].Dir = .xyz
dcl_texcoord4 o3 // VS_OUTPUT.Lights[1].Dir = .xyz
