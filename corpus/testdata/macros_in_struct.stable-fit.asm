vs_3_0
dcl_position o0     // VS_OUTPUT.Pos
dcl_texcoord o1.xyz // VS_OUTPUT.View
dcl_texcoord2 o1.w  // VS_OUTPUT.Fade
dcl_texcoord1 o2.xy // VS_OUTPUT.Detail
dcl_color o3        // VS_OUTPUT.Tint
