vs_3_0
dcl_position o0     // VS_OUTPUT.Pos
dcl_texcoord o1.xy  // VS_OUTPUT.Grid[0][0]
dcl_texcoord1 o1.zw // VS_OUTPUT.Grid[0][1]
dcl_texcoord2 o2.xy // VS_OUTPUT.Grid[0][2]
dcl_texcoord3 o2.zw // VS_OUTPUT.Grid[1][0]
dcl_texcoord4 o3.xy // VS_OUTPUT.Grid[1][1]
dcl_texcoord5 o3.zw // VS_OUTPUT.Grid[1][2]
dcl_normal o4.x     // VS_OUTPUT.Links[0][0]
dcl_normal1 o4.y    // VS_OUTPUT.Links[0][1]
dcl_normal2 o4.z    // VS_OUTPUT.Links[1][0]
dcl_normal3 o4.w    // VS_OUTPUT.Links[1][1]
