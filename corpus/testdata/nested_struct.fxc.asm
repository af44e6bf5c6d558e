vs_3_0
dcl_position o0  // VS_OUTPUT.Pos
dcl_normal o1    // VS_OUTPUT.Base.Normal = .xyz
dcl_texcoord o2  // VS_OUTPUT.Base.UV = .xy
dcl_texcoord4 o3 // VS_OUTPUT.Detail.Normal = .xyz
dcl_texcoord5 o4 // VS_OUTPUT.Detail.UV = .xy
dcl_texcoord1 o5 // VS_OUTPUT.Fade = .x
