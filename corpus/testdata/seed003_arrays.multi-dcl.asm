vs_3_0
dcl_position o0      // VS_OUTPUT.Position
dcl_color o1.xyz     // VS_OUTPUT.Col[0]
dcl_color1 o2.xyz    // VS_OUTPUT.Col[1]
dcl_texcoord o3.xyz  // VS_OUTPUT.Tex[0]
dcl_texcoord1 o4.xyz // VS_OUTPUT.Tex[1]
dcl_texcoord2 o5.xyz // VS_OUTPUT.Tex[2]
dcl_texcoord3 o6.xyz // VS_OUTPUT.Tex[3]
