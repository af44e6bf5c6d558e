vs_3_0
dcl_position o0  // VS_OUTPUT.Pos
dcl_texcoord o1  // VS_OUTPUT.Joint[0][0] = .xyz
dcl_texcoord1 o2 // VS_OUTPUT.Joint[0][1] = .xyz
dcl_texcoord2 o3 // VS_OUTPUT.Joint[1][0] = .xyz
dcl_texcoord3 o4 // VS_OUTPUT.Joint[1][1] = .xyz
dcl_texcoord4 o5 // VS_OUTPUT.Flow[0][0] = .xy, VS_OUTPUT.Flow[0][1] = .zw
dcl_texcoord6 o6 // VS_OUTPUT.Flow[1][0] = .xy, VS_OUTPUT.Flow[1][1] = .zw
