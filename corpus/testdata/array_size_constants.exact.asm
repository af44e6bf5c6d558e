vs_3_0
dcl_position o0  // VS_OUTPUT.Pos
dcl_normal o1    // VS_OUTPUT.Bands[0] = .xyz, VS_OUTPUT.Taps[0] = .w
dcl_normal1 o2   // VS_OUTPUT.Bands[1] = .xyz, VS_OUTPUT.Taps[1] = .w
dcl_texcoord3 o3 // VS_OUTPUT.Rings[0] = .xy, VS_OUTPUT.Rings[1] = .zw
dcl_texcoord5 o4 // VS_OUTPUT.Rings[2] = .xy, VS_OUTPUT.Taps[2] = .z
