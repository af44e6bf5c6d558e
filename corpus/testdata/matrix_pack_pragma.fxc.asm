vs_3_0
dcl_position o0  // VS_OUTPUT.Pos
dcl_texcoord o1  // VS_OUTPUT.Skew[0] = .xyz
dcl_texcoord1 o2 // VS_OUTPUT.Skew[1] = .xyz
dcl_texcoord2 o3 // VS_OUTPUT.Shear[0] = .xy
dcl_texcoord3 o4 // VS_OUTPUT.Shear[1] = .xy
dcl_texcoord4 o5 // VS_OUTPUT.Shear[2] = .xy
dcl_texcoord5 o6 // VS_OUTPUT.Fan[0] = .x
dcl_texcoord6 o7 // VS_OUTPUT.Fan[1] = .x
dcl_texcoord7 o8 // VS_OUTPUT.Fan[2] = .x
