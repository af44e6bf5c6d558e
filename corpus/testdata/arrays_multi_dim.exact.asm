vs_3_0
dcl_position o0  // VS_OUTPUT.Pos
dcl_texcoord o1  // VS_OUTPUT.Grid[0][0] = .xy, VS_OUTPUT.Grid[0][1] = .zw
dcl_texcoord2 o2 // VS_OUTPUT.Grid[0][2] = .xy, VS_OUTPUT.Grid[1][0] = .zw
dcl_texcoord4 o3 // VS_OUTPUT.Grid[1][1] = .xy, VS_OUTPUT.Grid[1][2] = .zw
dcl_normal o4    // VS_OUTPUT.Links[0][0] = .x, VS_OUTPUT.Links[0][1] = .y, VS_OUTPUT.Links[1][0] = .z, VS_OUTPUT.Links[1][1] = .w
