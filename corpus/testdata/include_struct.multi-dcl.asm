vs_3_0
dcl_position o0    // VS_OUTPUT.Pos
dcl_normal o1.xyz  // VS_OUTPUT.Normal
dcl_fog o1.w       // VS_OUTPUT.Fog
dcl_texcoord o2.xy // VS_OUTPUT.Uv
