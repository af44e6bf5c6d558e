vs_3_0
dcl_position o0    // VS_OUTPUT.Pos
dcl_psize o1       // VS_OUTPUT.Size
dcl_normal o2.xyz  // VS_OUTPUT.Normal
dcl_texcoord o3.xy // VS_OUTPUT.Uv
