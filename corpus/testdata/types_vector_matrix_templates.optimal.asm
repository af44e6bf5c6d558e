vs_3_0
dcl_position o0  // VS_OUTPUT.Pos
dcl_color o1     // VS_OUTPUT.Color = .xyzw
dcl_texcoord4 o2 // VS_OUTPUT.Xform[0] = .xyzw
dcl_texcoord5 o3 // VS_OUTPUT.Xform[1] = .xyzw
dcl_texcoord6 o4 // VS_OUTPUT.Xform[2] = .xyzw
dcl_texcoord7 o5 // VS_OUTPUT.Xform[3] = .xyzw
dcl_texcoord1 o6 // VS_OUTPUT.Basis[0] = .xyz, VS_OUTPUT.Id = .w
dcl_texcoord2 o7 // VS_OUTPUT.Basis[1] = .xyz
dcl_texcoord o8  // VS_OUTPUT.Uv = .xy
