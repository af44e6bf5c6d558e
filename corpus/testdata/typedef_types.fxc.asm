vs_3_0
dcl_position o0  // VS_OUTPUT.Pos
dcl_texcoord o1  // VS_OUTPUT.Uv = .xy
dcl_texcoord1 o2 // VS_OUTPUT.Axes[0] = .xyz
dcl_texcoord2 o3 // VS_OUTPUT.Axes[1] = .xyz
dcl_texcoord3 o4 // VS_OUTPUT.Bone[0] = .xyzw
dcl_texcoord4 o5 // VS_OUTPUT.Bone[1] = .xyzw
dcl_texcoord5 o6 // VS_OUTPUT.Bias = .x
