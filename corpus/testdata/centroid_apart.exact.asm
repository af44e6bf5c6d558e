vs_3_0
dcl_position o0  // VS_OUTPUT.Pos
dcl_texcoord o1  // VS_OUTPUT.Detail = .xy, VS_OUTPUT.Shadow = .zw
dcl_texcoord1 o2 // VS_OUTPUT.Uv = .xy, VS_OUTPUT.Fog = .z
dcl_color o3     // VS_OUTPUT.Tint = .x
dcl_color1 o4    // VS_OUTPUT.Rim = .x
