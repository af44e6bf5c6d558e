vs_3_0
dcl_position o0  // VS_OUTPUT.Pos
dcl_texcoord o1  // VS_OUTPUT.View = .xyz
dcl_texcoord1 o2 // VS_OUTPUT.Detail = .xy
dcl_texcoord2 o3 // VS_OUTPUT.Fade = .x
dcl_color o4     // VS_OUTPUT.Tint = .xyzw
