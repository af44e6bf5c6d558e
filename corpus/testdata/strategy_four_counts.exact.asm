vs_3_0
dcl_position o0  // VS_OUTPUT.Pos
dcl_texcoord2 o1 // VS_OUTPUT.View = .xyz, VS_OUTPUT.Depth = .w
dcl_texcoord4 o2 // VS_OUTPUT.Light = .xyz, VS_OUTPUT.Fade = .w
dcl_texcoord5 o3 // VS_OUTPUT.Half = .xyz, VS_OUTPUT.Rim = .w
dcl_texcoord9 o4 // VS_OUTPUT.Tint = .xyz, VS_OUTPUT.Ao = .w
dcl_texcoord6 o5 // VS_OUTPUT.Uv = .xy, VS_OUTPUT.Flow = .zw
