vs_3_0
dcl_position o0   // VS_OUTPUT.Pos
dcl_color o1.xyz  // VS_OUTPUT.Diffuse
dcl_color1 o1.w   // VS_OUTPUT.Alpha
dcl_color2 o2.xy  // VS_OUTPUT.Spec
dcl_color3 o2.zw  // VS_OUTPUT.Glow
dcl_texcoord o3.x // VS_OUTPUT.Fade
