vs_3_0
dcl_position o0  // VS_OUTPUT.Pos
dcl_texcoord o1  // VS_OUTPUT.Uv = .xy
dcl_texcoord3 o2 // VS_OUTPUT.View = .xyz
dcl_texcoord5 o3 // VS_OUTPUT.Bias = .x
dcl_texcoord6 o4 // VS_OUTPUT.Gain = .x
