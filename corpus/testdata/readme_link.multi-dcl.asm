vs_3_0
dcl_position o0    // VS_OUT.Pos
dcl_normal o1.xyz  // VS_OUT.N
dcl_texcoord1 o1.w // VS_OUT.Fog
dcl_texcoord o2.xy // VS_OUT.UV
