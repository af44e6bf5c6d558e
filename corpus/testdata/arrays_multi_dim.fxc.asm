vs_3_0
dcl_position o0  // VS_OUTPUT.Pos
dcl_texcoord o1  // VS_OUTPUT.Grid[0][0] = .xy
dcl_texcoord1 o2 // VS_OUTPUT.Grid[0][1] = .xy
dcl_texcoord2 o3 // VS_OUTPUT.Grid[0][2] = .xy
dcl_texcoord3 o4 // VS_OUTPUT.Grid[1][0] = .xy
dcl_texcoord4 o5 // VS_OUTPUT.Grid[1][1] = .xy
dcl_texcoord5 o6 // VS_OUTPUT.Grid[1][2] = .xy
dcl_normal o7    // VS_OUTPUT.Links[0][0] = .x
dcl_normal1 o8   // VS_OUTPUT.Links[0][1] = .x
dcl_normal2 o9   // VS_OUTPUT.Links[1][0] = .x
dcl_normal3 o10  // VS_OUTPUT.Links[1][1] = .x
