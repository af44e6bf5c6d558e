vs_3_0
dcl_position o0      // VS_OUTPUT.Pos
dcl_texcoord o1.x    // VS_OUTPUT.Depth
dcl_texcoord1 o1.y   // VS_OUTPUT.Fade
dcl_texcoord3 o1.z   // VS_OUTPUT.Rim
dcl_texcoord2 o2.xyz // VS_OUTPUT.View
dcl_texcoord4 o3.xyz // VS_OUTPUT.Light
dcl_texcoord5 o4.xyz // VS_OUTPUT.Half
dcl_texcoord6 o5.xy  // VS_OUTPUT.Uv
dcl_texcoord7 o5.z   // VS_OUTPUT.Ao
dcl_texcoord8 o6.xy  // VS_OUTPUT.Flow
dcl_texcoord9 o7.xyz // VS_OUTPUT.Tint
