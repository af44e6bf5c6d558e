vs_3_0
dcl_position o0       // VS_OUTPUT.Pos
dcl_tangent o1.xyz    // VS_OUTPUT.Tangent
dcl_binormal o2.xyz   // VS_OUTPUT.Binormal
dcl_normal1 o3.xyz    // VS_OUTPUT.Normal
dcl_blendweight o4.x  // VS_OUTPUT.Weight
dcl_blendindices o5.x // VS_OUTPUT.Index
dcl_tessfactor o6.x   // VS_OUTPUT.Tess
dcl_depth o7.x        // VS_OUTPUT.Depth
dcl_sample o8.xy      // VS_OUTPUT.Sample
