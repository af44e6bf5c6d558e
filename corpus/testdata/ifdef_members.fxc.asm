vs_3_0
dcl_position o0  // VS_OUTPUT.Pos
dcl_texcoord1 o1 // VS_OUTPUT.ShadowUv = .xyz
dcl_texcoord2 o2 // VS_OUTPUT.FogDensity = .x
dcl_normal o3    // VS_OUTPUT.Normal = .xyz
