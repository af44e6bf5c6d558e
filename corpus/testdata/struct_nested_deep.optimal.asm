vs_3_0
dcl_position o0   // VS_OUTPUT.Pos
dcl_texcoord o1   // VS_OUTPUT.Shade.Base.Uv = .xy, VS_OUTPUT.Rim.Base.Uv = .zw
dcl_texcoord1 o2  // VS_OUTPUT.Shade.Base.Mask[0] = .x, VS_OUTPUT.Shade.Base.Mask[1] = .y, VS_OUTPUT.Shade.Fade = .z, VS_OUTPUT.Rim.Base.Mask[0] = .w
dcl_texcoord10 o3 // VS_OUTPUT.Rim.Base.Mask[1] = .x, VS_OUTPUT.Rim.Fade = .y
