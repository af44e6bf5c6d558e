vs_3_0
dcl_position o0       // VS_OUTPUT.Pos
dcl_tangent o1.xyz    // VS_OUTPUT.Tangent
dcl_blendweight o1.w  // VS_OUTPUT.Weight
dcl_binormal o2.xyz   // VS_OUTPUT.Binormal
dcl_blendindices o2.w // VS_OUTPUT.Index
dcl_normal1 o3.xyz    // VS_OUTPUT.Normal
dcl_tessfactor o3.w   // VS_OUTPUT.Tess
dcl_sample o4.xy      // VS_OUTPUT.Sample
dcl_depth o4.z        // VS_OUTPUT.Depth
