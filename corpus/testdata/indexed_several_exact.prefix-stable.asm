vs_3_0
dcl_position o0  // VS_OUTPUT.Pos
dcl_psize o1     // VS_OUTPUT.Size
dcl_texcoord o2  // VS_OUTPUT.Depth = .x, VS_OUTPUT.Fade[0] = .y, VS_OUTPUT.Flow[0] = .zw
dcl_texcoord2 o3 // VS_OUTPUT.Fade[1] = .y, VS_OUTPUT.Flow[1] = .zw
dcl_texcoord3 o4 // VS_OUTPUT.View[0] = .xyz
dcl_texcoord4 o5 // VS_OUTPUT.View[1] = .xyz
dcl_texcoord7 o6 // VS_OUTPUT.Uv = .xy
