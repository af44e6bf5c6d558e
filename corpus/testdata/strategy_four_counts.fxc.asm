vs_3_0
dcl_position o0       // VS_OUTPUT.Pos
dcl_texcoord o1.x     // VS_OUTPUT.Depth
dcl_texcoord1 o2.x    // VS_OUTPUT.Fade
dcl_texcoord2 o3.xyz  // VS_OUTPUT.View
dcl_texcoord3 o4.x    // VS_OUTPUT.Rim
dcl_texcoord4 o5.xyz  // VS_OUTPUT.Light
dcl_texcoord5 o6.xyz  // VS_OUTPUT.Half
dcl_texcoord6 o7.xy   // VS_OUTPUT.Uv
dcl_texcoord7 o8.x    // VS_OUTPUT.Ao
dcl_texcoord8 o9.xy   // VS_OUTPUT.Flow
dcl_texcoord9 o10.xyz // VS_OUTPUT.Tint
