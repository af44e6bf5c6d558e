vs_3_0
dcl_position o0   // VS_OUTPUT.Pos
dcl_texcoord o1   // VS_OUTPUT.Shade.Base.Uv = .xy
dcl_texcoord1 o2  // VS_OUTPUT.Shade.Base.Mask[0] = .x
dcl_texcoord2 o3  // VS_OUTPUT.Shade.Base.Mask[1] = .x
dcl_texcoord3 o4  // VS_OUTPUT.Shade.Fade = .x
dcl_texcoord8 o5  // VS_OUTPUT.Rim.Base.Uv = .xy
dcl_texcoord9 o6  // VS_OUTPUT.Rim.Base.Mask[0] = .x
dcl_texcoord10 o7 // VS_OUTPUT.Rim.Base.Mask[1] = .x
dcl_texcoord11 o8 // VS_OUTPUT.Rim.Fade = .x
