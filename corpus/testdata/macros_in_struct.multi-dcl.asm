vs_3_0
dcl_position o0     // VS_OUTPUT.Pos
dcl_color o1        // VS_OUTPUT.Tint
dcl_texcoord o2.xyz // VS_OUTPUT.View
dcl_texcoord2 o2.w  // VS_OUTPUT.Fade
dcl_texcoord1 o3.xy // VS_OUTPUT.Detail
