vs_3_0
dcl_position o0  // VS_OUTPUT.Pos
dcl_texcoord o1  // VS_OUTPUT.Taps[0] = .x
dcl_texcoord1 o2 // VS_OUTPUT.Taps[1] = .x
dcl_texcoord2 o3 // VS_OUTPUT.Taps[2] = .x
dcl_texcoord3 o4 // VS_OUTPUT.Rings[0] = .xy
dcl_texcoord4 o5 // VS_OUTPUT.Rings[1] = .xy
dcl_texcoord5 o6 // VS_OUTPUT.Rings[2] = .xy
dcl_normal o7    // VS_OUTPUT.Bands[0] = .xyz
dcl_normal1 o8   // VS_OUTPUT.Bands[1] = .xyz
