vs_3_0
dcl_position o0      // VS_OUTPUT.Pos
dcl_texcoord o1.x    // VS_OUTPUT.Depth
dcl_texcoord1 o1.y   // VS_OUTPUT.Fade
dcl_texcoord2 o2.xyz // VS_OUTPUT.View
dcl_texcoord3 o3.xyz // VS_OUTPUT.Light
