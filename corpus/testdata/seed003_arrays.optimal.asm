vs_3_0
dcl_position o0  // VS_OUTPUT.Position
dcl_color o1     // VS_OUTPUT.Col[0] = .xyz
dcl_color1 o2    // VS_OUTPUT.Col[1] = .xyz
dcl_texcoord o3  // VS_OUTPUT.Tex[0] = .xyz
dcl_texcoord1 o4 // VS_OUTPUT.Tex[1] = .xyz
dcl_texcoord2 o5 // VS_OUTPUT.Tex[2] = .xyz
dcl_texcoord3 o6 // VS_OUTPUT.Tex[3] = .xyz
