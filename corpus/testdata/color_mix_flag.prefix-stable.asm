vs_3_0
dcl_position o0  // VS_OUTPUT.Pos
dcl_texcoord1 o1 // VS_OUTPUT.Diffuse = .xyz, VS_OUTPUT.Fade = .w
dcl_texcoord o2  // VS_OUTPUT.Uv = .xy, VS_OUTPUT.Spec = .zw
