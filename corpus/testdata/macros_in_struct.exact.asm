vs_3_0
dcl_position o0  // VS_OUTPUT.Pos
dcl_color o1     // VS_OUTPUT.Tint = .xyzw
dcl_texcoord o2  // VS_OUTPUT.View = .xyz, VS_OUTPUT.Fade = .w
dcl_texcoord1 o3 // VS_OUTPUT.Detail = .xy
