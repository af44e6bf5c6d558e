vs_3_0
dcl_position o0  // VS_OUTPUT.Pos
dcl_texcoord o1  // VS_OUTPUT.Depth = .x, VS_OUTPUT.Fade = .y, VS_OUTPUT.Rim = .z, VS_OUTPUT.Ao = .w
dcl_texcoord2 o2 // VS_OUTPUT.View = .xyz
dcl_texcoord4 o3 // VS_OUTPUT.Light = .xyz
dcl_texcoord5 o4 // VS_OUTPUT.Half = .xyz
dcl_texcoord6 o5 // VS_OUTPUT.Uv = .xy, VS_OUTPUT.Flow = .zw
dcl_texcoord9 o6 // VS_OUTPUT.Tint = .xyz
