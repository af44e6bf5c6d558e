vs_3_0
dcl_position o0     // VS_OUTPUT.Pos
dcl_tangent o1      // VS_OUTPUT.Tangent = .xyz
dcl_binormal o2     // VS_OUTPUT.Binormal = .xyz
dcl_normal1 o3      // VS_OUTPUT.Normal = .xyz
dcl_blendweight o4  // VS_OUTPUT.Weight = .x
dcl_blendindices o5 // VS_OUTPUT.Index = .x
dcl_tessfactor o6   // VS_OUTPUT.Tess = .x
dcl_depth o7        // VS_OUTPUT.Depth = .x
dcl_sample o8       // VS_OUTPUT.Sample = .xy
