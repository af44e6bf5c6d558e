vs_3_0
dcl_position o0  // VS_OUTPUT.Pos
dcl_texcoord o1  // VS_OUTPUT.Skew[0] = .xyz, VS_OUTPUT.Fan[0] = .w
dcl_texcoord1 o2 // VS_OUTPUT.Skew[1] = .xyz, VS_OUTPUT.Fan[1] = .w
dcl_texcoord2 o3 // VS_OUTPUT.Shear[0] = .xy, VS_OUTPUT.Shear[1] = .zw
dcl_texcoord4 o4 // VS_OUTPUT.Shear[2] = .xy, VS_OUTPUT.Fan[2] = .z
