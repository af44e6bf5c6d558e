ps_3_0
dcl_color v0     // VS_OUTPUT.Tint = .xyzw
dcl_texcoord2 v1 // VS_OUTPUT.View = .xyz, VS_OUTPUT.Depth = .w
dcl_texcoord3 v2 // VS_OUTPUT.Light = .xyz, VS_OUTPUT.Fade = .w
