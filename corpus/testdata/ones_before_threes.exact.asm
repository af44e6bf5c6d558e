vs_3_0
dcl_position o0  // VS_OUTPUT.Pos
dcl_texcoord2 o1 // VS_OUTPUT.View = .xyz, VS_OUTPUT.Depth = .w
dcl_texcoord3 o2 // VS_OUTPUT.Light = .xyz, VS_OUTPUT.Fade = .w
