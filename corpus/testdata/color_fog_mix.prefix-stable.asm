vs_3_0
dcl_position o0  // VS_OUTPUT.Position
dcl_texcoord1 o1 // VS_OUTPUT.Tint = .xyz, VS_OUTPUT.Fog = .w
dcl_texcoord o2  // VS_OUTPUT.Uv = .xyzw
