vs_3_0
dcl_position o0      // VS_OUTPUT.Pos
dcl_texcoord2 o1.xyz // VS_OUTPUT.View
dcl_texcoord o1.w    // VS_OUTPUT.Depth
dcl_texcoord4 o2.xyz // VS_OUTPUT.Light
dcl_texcoord1 o2.w   // VS_OUTPUT.Fade
dcl_texcoord5 o3.xyz // VS_OUTPUT.Half
dcl_texcoord3 o3.w   // VS_OUTPUT.Rim
dcl_texcoord9 o4.xyz // VS_OUTPUT.Tint
dcl_texcoord7 o4.w   // VS_OUTPUT.Ao
dcl_texcoord6 o5.xy  // VS_OUTPUT.Uv
dcl_texcoord8 o5.zw  // VS_OUTPUT.Flow
