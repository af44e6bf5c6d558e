vs_3_0
dcl_position o0 // VS_OUTPUT.Pos
dcl_color o1    // VS_OUTPUT.Tint = .xy, VS_OUTPUT.Glow = .zw
dcl_texcoord o2 // VS_OUTPUT.UV0 = .xy, VS_OUTPUT.UV1 = .zw
