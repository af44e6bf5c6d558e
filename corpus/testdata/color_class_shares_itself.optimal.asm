vs_3_0
dcl_position o0 // VS_OUTPUT.Pos
dcl_color o1    // VS_OUTPUT.Diffuse = .xyz, VS_OUTPUT.Alpha = .w
dcl_color2 o2   // VS_OUTPUT.Spec = .xy, VS_OUTPUT.Glow = .zw
dcl_texcoord o3 // VS_OUTPUT.Fade = .x
