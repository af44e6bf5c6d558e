vs_3_0
dcl_position o0     // VS_OUTPUT.Pos
dcl_texcoord o1.xy  // VS_OUTPUT.Shade.Base.Uv
dcl_texcoord8 o1.zw // VS_OUTPUT.Rim.Base.Uv
dcl_texcoord1 o2.x  // VS_OUTPUT.Shade.Base.Mask[0]
dcl_texcoord2 o2.y  // VS_OUTPUT.Shade.Base.Mask[1]
dcl_texcoord3 o2.z  // VS_OUTPUT.Shade.Fade
dcl_texcoord9 o2.w  // VS_OUTPUT.Rim.Base.Mask[0]
dcl_texcoord10 o3.x // VS_OUTPUT.Rim.Base.Mask[1]
dcl_texcoord11 o3.y // VS_OUTPUT.Rim.Fade
