vs_3_0
dcl_position o0     // VS_OUTPUT.Pos
dcl_texcoord o1.xy  // VS_OUTPUT.Grid[0][0]
dcl_texcoord1 o2.xy // VS_OUTPUT.Grid[0][1]
dcl_texcoord2 o3.xy // VS_OUTPUT.Grid[0][2]
dcl_texcoord3 o4.xy // VS_OUTPUT.Grid[1][0]
dcl_texcoord4 o5.xy // VS_OUTPUT.Grid[1][1]
dcl_texcoord5 o6.xy // VS_OUTPUT.Grid[1][2]
dcl_normal o7.x     // VS_OUTPUT.Links[0][0]
dcl_normal1 o8.x    // VS_OUTPUT.Links[0][1]
dcl_normal2 o9.x    // VS_OUTPUT.Links[1][0]
dcl_normal3 o10.x   // VS_OUTPUT.Links[1][1]
