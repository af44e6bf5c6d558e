vs_3_0
dcl_position o0 // VS_OUTPUT.Pos
dcl_normal o1   // VS_OUTPUT.Normal = .xyz, VS_OUTPUT.Fog = .w
dcl_texcoord o2 // VS_OUTPUT.Uv = .xy
