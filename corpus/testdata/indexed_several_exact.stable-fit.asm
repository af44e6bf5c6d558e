vs_3_0
dcl_position o0      // VS_OUTPUT.Pos
dcl_psize o1         // VS_OUTPUT.Size
dcl_texcoord o2.x    // VS_OUTPUT.Depth
dcl_texcoord1 o2.y   // VS_OUTPUT.Fade[0]
dcl_texcoord5 o2.zw  // VS_OUTPUT.Flow[0]
dcl_texcoord2 o3.y   // VS_OUTPUT.Fade[1]
dcl_texcoord6 o3.zw  // VS_OUTPUT.Flow[1]
dcl_texcoord3 o4.xyz // VS_OUTPUT.View[0]
dcl_texcoord4 o5.xyz // VS_OUTPUT.View[1]
dcl_texcoord7 o6.xy  // VS_OUTPUT.Uv
