vs_3_0
dcl_texcoord o0 // VS_OUTPUT.Uv = .xy
dcl_position o1 // VS_OUTPUT.Pos
dcl_psize o2    // VS_OUTPUT.Size
dcl_normal o3   // VS_OUTPUT.Normal = .xyz
