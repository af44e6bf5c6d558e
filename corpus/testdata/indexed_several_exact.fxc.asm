vs_3_0
dcl_position o0  // VS_OUTPUT.Pos
dcl_psize o1     // VS_OUTPUT.Size
dcl_texcoord o2  // VS_OUTPUT.Depth = .x
dcl_texcoord1 o3 // VS_OUTPUT.Fade[0] = .x
dcl_texcoord2 o4 // VS_OUTPUT.Fade[1] = .x
dcl_texcoord3 o5 // VS_OUTPUT.View[0] = .xyz
dcl_texcoord4 o6 // VS_OUTPUT.View[1] = .xyz
dcl_texcoord5 o7 // VS_OUTPUT.Flow[0] = .xy
dcl_texcoord6 o8 // VS_OUTPUT.Flow[1] = .xy
dcl_texcoord7 o9 // VS_OUTPUT.Uv = .xy
