ps_3_0
dcl_texcoord v0  // VS_OUTPUT.Depth = .x, VS_OUTPUT.Fade = .y
dcl_texcoord2 v1 // VS_OUTPUT.View = .xyz
dcl_texcoord3 v2 // VS_OUTPUT.Light = .xyz
dcl_color v3     // VS_OUTPUT.Tint = .xyzw
