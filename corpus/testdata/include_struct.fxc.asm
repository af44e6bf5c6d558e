vs_3_0
dcl_position o0    // VS_OUTPUT.Pos
dcl_normal o1.xyz  // VS_OUTPUT.Normal
dcl_texcoord o2.xy // VS_OUTPUT.Uv
dcl_fog o3.x       // VS_OUTPUT.Fog
