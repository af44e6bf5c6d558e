vs_3_0
dcl_position o0 // VS_OUTPUT.Pos
dcl_color o1    // VS_OUTPUT.Diffuse = .xyz
dcl_texcoord o2 // VS_OUTPUT.Fade = .x
dcl_color1 o3   // VS_OUTPUT.Alpha = .x
dcl_color2 o4   // VS_OUTPUT.Spec = .xy
dcl_color3 o5   // VS_OUTPUT.Glow = .xy
