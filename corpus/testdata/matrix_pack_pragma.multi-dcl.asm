vs_3_0
dcl_position o0      // VS_OUTPUT.Pos
dcl_texcoord o1.xyz  // VS_OUTPUT.Skew[0]
dcl_texcoord5 o1.w   // VS_OUTPUT.Fan[0]
dcl_texcoord1 o2.xyz // VS_OUTPUT.Skew[1]
dcl_texcoord6 o2.w   // VS_OUTPUT.Fan[1]
dcl_texcoord2 o3.xy  // VS_OUTPUT.Shear[0]
dcl_texcoord3 o3.zw  // VS_OUTPUT.Shear[1]
dcl_texcoord4 o4.xy  // VS_OUTPUT.Shear[2]
dcl_texcoord7 o4.z   // VS_OUTPUT.Fan[2]
