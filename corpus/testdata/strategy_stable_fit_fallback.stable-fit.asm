vs_3_0
dcl_position o0    // VS_OUTPUT.Pos
dcl_texcoord o1    // VS_OUTPUT.Frame[0] = .xyzw
dcl_texcoord1 o2   // VS_OUTPUT.Frame[1] = .xyzw
dcl_texcoord2 o3   // VS_OUTPUT.Frame[2] = .xyzw
dcl_texcoord3 o4   // VS_OUTPUT.Frame[3] = .xyzw
dcl_texcoord4 o5   // VS_OUTPUT.Frame[4] = .xyzw
dcl_texcoord5 o6   // VS_OUTPUT.Frame[5] = .xyzw
dcl_texcoord9 o7   // VS_OUTPUT.Dir[0] = .xyz, VS_OUTPUT.Weight[0] = .w
dcl_texcoord10 o8  // VS_OUTPUT.Dir[1] = .xyz, VS_OUTPUT.Weight[1] = .w
dcl_texcoord11 o9  // VS_OUTPUT.Dir[2] = .xyz, VS_OUTPUT.Weight[2] = .w
dcl_texcoord12 o10 // VS_OUTPUT.Dir[3] = .xyz
