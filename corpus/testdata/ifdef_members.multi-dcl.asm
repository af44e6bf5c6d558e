vs_3_0
dcl_position o0      // VS_OUTPUT.Pos
dcl_texcoord1 o1.xyz // VS_OUTPUT.ShadowUv
dcl_texcoord2 o1.w   // VS_OUTPUT.FogDensity
dcl_normal o2.xyz    // VS_OUTPUT.Normal
