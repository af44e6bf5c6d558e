vs_3_0
dcl_position o0  // VS_OUTPUT.Pos
dcl_texcoord1 o1 // VS_OUTPUT.ShadowUv = .xyz, VS_OUTPUT.FogDensity = .w
dcl_normal o2    // VS_OUTPUT.Normal = .xyz
