vs_3_0
dcl_position o0      // VS_OUTPUT.Pos
dcl_texcoord12 o1.xy // VS_OUTPUT.UV
dcl_texcoord o1.z    // VS_OUTPUT.A
dcl_texcoord1 o1.w   // VS_OUTPUT.B
dcl_texcoord2 o2.x   // VS_OUTPUT.C
dcl_texcoord3 o2.y   // VS_OUTPUT.D
dcl_texcoord4 o2.z   // VS_OUTPUT.E
dcl_texcoord5 o2.w   // VS_OUTPUT.F
dcl_texcoord6 o3.x   // VS_OUTPUT.G
dcl_texcoord7 o3.y   // VS_OUTPUT.H
dcl_texcoord8 o3.z   // VS_OUTPUT.I
dcl_texcoord9 o3.w   // VS_OUTPUT.J
dcl_texcoord10 o4.x  // VS_OUTPUT.K
dcl_texcoord11 o4.y  // VS_OUTPUT.L
