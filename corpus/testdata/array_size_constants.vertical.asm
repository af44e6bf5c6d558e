vs_3_0
dcl_position o0  // VS_OUTPUT.Pos
dcl_texcoord o1  // VS_OUTPUT.Taps[0] = .x, VS_OUTPUT.Taps[1] = .y, VS_OUTPUT.Taps[2] = .z
dcl_texcoord3 o2 // VS_OUTPUT.Rings[0] = .xy, VS_OUTPUT.Rings[1] = .zw
dcl_texcoord5 o3 // VS_OUTPUT.Rings[2] = .xy
dcl_normal o4    // VS_OUTPUT.Bands[0] = .xyz
dcl_normal1 o5   // VS_OUTPUT.Bands[1] = .xyz
