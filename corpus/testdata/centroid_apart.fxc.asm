vs_3_0
dcl_position o0  // VS_OUTPUT.Pos
dcl_texcoord o1  // VS_OUTPUT.Detail = .xy
dcl_texcoord1 o2 // VS_OUTPUT.Uv = .xy
dcl_texcoord2 o3 // VS_OUTPUT.Shadow = .xy
dcl_texcoord3 o4 // VS_OUTPUT.Fog = .x
dcl_color o5     // VS_OUTPUT.Tint = .x
dcl_color1 o6    // VS_OUTPUT.Rim = .x
