vs_3_0
dcl_position o0 // VS_OUTPUT.Pos
dcl_tangent o1  // VS_OUTPUT.Tangent = .xyz, VS_OUTPUT.Weight = .w
dcl_binormal o2 // VS_OUTPUT.Binormal = .xyz, VS_OUTPUT.Index = .w
dcl_normal1 o3  // VS_OUTPUT.Normal = .xyz, VS_OUTPUT.Tess = .w
dcl_depth o4    // VS_OUTPUT.Depth = .x, VS_OUTPUT.Sample = .yz
