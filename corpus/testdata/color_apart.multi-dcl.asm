vs_3_0
dcl_position o0     // VS_OUTPUT.Pos
dcl_color o1.xy     // VS_OUTPUT.Tint
dcl_color1 o1.zw    // VS_OUTPUT.Glow
dcl_texcoord o2.xy  // VS_OUTPUT.UV0
dcl_texcoord1 o2.zw // VS_OUTPUT.UV1
