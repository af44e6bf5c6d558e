vs_3_0
dcl_position o0  // VS_OUTPUT.Pos
dcl_psize o1     // VS_OUTPUT.Size
dcl_texcoord o2  // VS_OUTPUT.UV = .xy
dcl_texcoord1 o3 // VS_OUTPUT.Weights[0] = .x
dcl_texcoord2 o4 // VS_OUTPUT.Weights[1] = .x
dcl_texcoord3 o5 // VS_OUTPUT.Weights[2] = .x
dcl_normal o6    // VS_OUTPUT.Normal = .xyz
dcl_texcoord4 o7 // VS_OUTPUT.Fade = .x
