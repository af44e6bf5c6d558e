vs_3_0
dcl_position o0  // VS_OUTPUT.Pos
dcl_color o1     // VS_OUTPUT.Tint = .xy
dcl_texcoord o2  // VS_OUTPUT.UV0 = .xy
dcl_color1 o3    // VS_OUTPUT.Glow = .xy
dcl_texcoord1 o4 // VS_OUTPUT.UV1 = .xy
