vs_3_0
dcl_position o0  // VS_OUTPUT.Position
dcl_color o1     // VS_OUTPUT.Tint = .xyz
dcl_texcoord1 o2 // VS_OUTPUT.Fog = .x
dcl_texcoord o3  // VS_OUTPUT.Uv = .xyzw
