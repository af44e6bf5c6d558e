vs_3_0
dcl_position o0      // VS_OUTPUT.Pos
dcl_texcoord2 o1.xyz // VS_OUTPUT.View
dcl_texcoord o1.w    // VS_OUTPUT.Depth
dcl_texcoord3 o2.xyz // VS_OUTPUT.Light
dcl_texcoord1 o2.w   // VS_OUTPUT.Fade
