ps_3_0
dcl_texcoord v0  // VS_OUTPUT.Depth = .x
dcl_texcoord1 v1 // VS_OUTPUT.Fade = .x
dcl_texcoord2 v2 // VS_OUTPUT.View = .xyz
dcl_texcoord3 v3 // VS_OUTPUT.Light = .xyz
dcl_color v4     // VS_OUTPUT.Tint = .xyzw
