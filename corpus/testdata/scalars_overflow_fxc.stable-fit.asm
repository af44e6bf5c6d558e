vs_3_0
dcl_position o0      // VS_OUTPUT.Pos
dcl_texcoord o1.x    // VS_OUTPUT.A
dcl_texcoord1 o1.y   // VS_OUTPUT.B
dcl_texcoord2 o1.z   // VS_OUTPUT.C
dcl_texcoord3 o1.w   // VS_OUTPUT.D
dcl_texcoord4 o2.x   // VS_OUTPUT.E
dcl_texcoord5 o2.y   // VS_OUTPUT.F
dcl_texcoord6 o2.z   // VS_OUTPUT.G
dcl_texcoord7 o2.w   // VS_OUTPUT.H
dcl_texcoord8 o3.x   // VS_OUTPUT.I
dcl_texcoord9 o3.y   // VS_OUTPUT.J
dcl_texcoord10 o3.z  // VS_OUTPUT.K
dcl_texcoord11 o3.w  // VS_OUTPUT.L
dcl_texcoord12 o4.xy // VS_OUTPUT.UV
