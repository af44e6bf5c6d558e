vs_3_0
dcl_position o0      // VS_OUTPUT.Pos
dcl_texcoord o1.x    // VS_OUTPUT.Depth
dcl_texcoord1 o2.x   // VS_OUTPUT.Fade
dcl_texcoord2 o3.xyz // VS_OUTPUT.View
dcl_texcoord3 o4.xyz // VS_OUTPUT.Light
