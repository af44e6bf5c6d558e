vs_3_0
dcl_position o0   // VS_OUTPUT.Pos
dcl_texcoord o1   // VS_OUTPUT.Shade.Base.Uv = .xy, VS_OUTPUT.Shade.Base.Mask[0] = .z, VS_OUTPUT.Shade.Base.Mask[1] = .w
dcl_texcoord3 o2  // VS_OUTPUT.Shade.Fade = .x, VS_OUTPUT.Rim.Base.Uv = .yz, VS_OUTPUT.Rim.Base.Mask[0] = .w
dcl_texcoord10 o3 // VS_OUTPUT.Rim.Base.Mask[1] = .x, VS_OUTPUT.Rim.Fade = .y
