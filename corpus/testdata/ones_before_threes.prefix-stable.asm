vs_3_0
dcl_position o0  // VS_OUTPUT.Pos
dcl_texcoord o1  // VS_OUTPUT.Depth = .x, VS_OUTPUT.Fade = .y
dcl_texcoord2 o2 // VS_OUTPUT.View = .xyz
dcl_texcoord3 o3 // VS_OUTPUT.Light = .xyz
