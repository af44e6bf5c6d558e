vs_3_0
dcl_position o0  // VS_OUTPUT.Pos
dcl_psize o1     // VS_OUTPUT.Size
dcl_texcoord3 o2 // VS_OUTPUT.View[0] = .xyz, VS_OUTPUT.Fade[0] = .w
dcl_texcoord4 o3 // VS_OUTPUT.View[1] = .xyz, VS_OUTPUT.Fade[1] = .w
dcl_texcoord5 o4 // VS_OUTPUT.Flow[0] = .xy, VS_OUTPUT.Uv = .zw
dcl_texcoord6 o5 // VS_OUTPUT.Flow[1] = .xy, VS_OUTPUT.Depth = .z
