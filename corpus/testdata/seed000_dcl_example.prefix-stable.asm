vs_3_0
dcl_texcoord3 o0 // VS_OUTPUT.Color4 = .x, VS_OUTPUT.Tex3 = .yz, VS_OUTPUT.Fog = .w
dcl_tangent o1   // VS_OUTPUT.Tangent = .xyz
dcl_position o2  // VS_OUTPUT.Position
dcl_psize o3     // VS_OUTPUT.PointSize
