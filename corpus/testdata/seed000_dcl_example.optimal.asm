vs_3_0
dcl_position o0  // VS_OUTPUT.Position
dcl_psize o1     // VS_OUTPUT.PointSize
dcl_tangent o2   // VS_OUTPUT.Tangent = .xyz, VS_OUTPUT.Color4 = .w
dcl_texcoord3 o3 // VS_OUTPUT.Tex3 = .xy, VS_OUTPUT.Fog = .z
