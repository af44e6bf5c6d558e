vs_3_0
dcl_position o0      // VS_OUTPUT.Pos
dcl_psize o1         // VS_OUTPUT.Size
dcl_texcoord3 o2.xyz // VS_OUTPUT.View[0]
dcl_texcoord1 o2.w   // VS_OUTPUT.Fade[0]
dcl_texcoord4 o3.xyz // VS_OUTPUT.View[1]
dcl_texcoord2 o3.w   // VS_OUTPUT.Fade[1]
dcl_texcoord5 o4.xy  // VS_OUTPUT.Flow[0]
dcl_texcoord7 o4.zw  // VS_OUTPUT.Uv
dcl_texcoord6 o5.xy  // VS_OUTPUT.Flow[1]
dcl_texcoord o5.z    // VS_OUTPUT.Depth
