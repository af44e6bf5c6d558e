vs_3_0
dcl_position o0  // VS_OUTPUT.Pos
dcl_normal o1    // VS_OUTPUT.Base.Normal = .xyz, VS_OUTPUT.Fade = .w
dcl_texcoord o2  // VS_OUTPUT.Base.UV = .xy, VS_OUTPUT.Detail.UV = .zw
dcl_texcoord4 o3 // VS_OUTPUT.Detail.Normal = .xyz
