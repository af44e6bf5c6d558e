vs_3_0
dcl_position o0   // VS_OUTPUT.Pos
dcl_psize o1      // VS_OUTPUT.Size
dcl_texcoord o2   // VS_OUTPUT.Attr[0] = .xyzw
dcl_texcoord1 o3  // VS_OUTPUT.Attr[1] = .xyzw
dcl_texcoord2 o4  // VS_OUTPUT.Attr[2] = .xyzw
dcl_texcoord3 o5  // VS_OUTPUT.Attr[3] = .xyzw
dcl_texcoord4 o6  // VS_OUTPUT.Attr[4] = .xyzw
dcl_texcoord5 o7  // VS_OUTPUT.Attr[5] = .xyzw
dcl_texcoord6 o8  // VS_OUTPUT.Attr[6] = .xyzw
dcl_texcoord7 o9  // VS_OUTPUT.Attr[7] = .xyzw
dcl_texcoord8 o10 // VS_OUTPUT.Attr[8] = .xyzw
dcl_texcoord9 o11 // VS_OUTPUT.Misc[0] = .x, VS_OUTPUT.Misc[1] = .y, VS_OUTPUT.Misc[2] = .z, VS_OUTPUT.Misc[3] = .w
