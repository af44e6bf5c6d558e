vs_3_0
dcl_position o0  // VS_OUTPUT.Pos
dcl_psize o1     // VS_OUTPUT.Size
dcl_texcoord o2  // VS_OUTPUT.UV = .xy, VS_OUTPUT.Weights[0] = .z, VS_OUTPUT.Fade = .w
dcl_texcoord2 o3 // VS_OUTPUT.Weights[1] = .z
dcl_texcoord3 o4 // VS_OUTPUT.Weights[2] = .z
dcl_normal o5    // VS_OUTPUT.Normal = .xyz
