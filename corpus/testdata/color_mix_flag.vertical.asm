vs_3_0
dcl_position o0 // VS_OUTPUT.Pos
dcl_color o1    // VS_OUTPUT.Diffuse = .xyz
dcl_texcoord o2 // VS_OUTPUT.Uv = .xy, VS_OUTPUT.Fade = .z
dcl_color1 o3   // VS_OUTPUT.Spec = .xy
