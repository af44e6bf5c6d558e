vs_3_0
dcl_position o0  // VS_OUTPUT.Pos
dcl_texcoord3 o1 // VS_OUTPUT.View = .xyz, VS_OUTPUT.Bias = .w
dcl_texcoord o2  // VS_OUTPUT.Uv = .xy, VS_OUTPUT.Gain = .z
