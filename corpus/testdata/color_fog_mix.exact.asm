vs_3_0
dcl_position o0  // VS_OUTPUT.Position
dcl_texcoord o1  // VS_OUTPUT.Uv = .xyzw
dcl_texcoord1 o2 // VS_OUTPUT.Tint = .xyz, VS_OUTPUT.Fog = .w
