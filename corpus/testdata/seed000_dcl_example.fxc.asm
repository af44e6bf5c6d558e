vs_3_0
dcl_color4 o0    // VS_OUTPUT.Color4 = .x
dcl_texcoord3 o1 // VS_OUTPUT.Tex3 = .xy
dcl_texcoord o2  // VS_OUTPUT.Fog = .x
dcl_tangent o3   // VS_OUTPUT.Tangent = .xyz
dcl_position o4  // VS_OUTPUT.Position
dcl_psize o5     // VS_OUTPUT.PointSize
