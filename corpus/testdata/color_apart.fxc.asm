vs_3_0
dcl_position o0     // VS_OUTPUT.Pos
dcl_color o1.xy     // VS_OUTPUT.Tint
dcl_texcoord o2.xy  // VS_OUTPUT.UV0
dcl_color1 o3.xy    // VS_OUTPUT.Glow
dcl_texcoord1 o4.xy // VS_OUTPUT.UV1
