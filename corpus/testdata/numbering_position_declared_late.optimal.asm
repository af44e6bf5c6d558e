vs_3_0
dcl_position o0 // VS_OUTPUT.Pos
dcl_psize o1    // VS_OUTPUT.Size
dcl_normal o2   // VS_OUTPUT.Normal = .xyz
dcl_texcoord o3 // VS_OUTPUT.Uv = .xy
