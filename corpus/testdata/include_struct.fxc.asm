vs_3_0
dcl_position o0  // VS_OUTPUT.Pos
dcl_normal o1    // VS_OUTPUT.Normal = .xyz
dcl_texcoord o2  // VS_OUTPUT.Uv = .xy
dcl_texcoord1 o3 // VS_OUTPUT.Fog = .x
