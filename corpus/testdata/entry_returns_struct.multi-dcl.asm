vs_3_0
dcl_position o0     // CloudVS.Pos
dcl_texcoord o1.xyz // CloudVS.Density
dcl_texcoord1 o1.w  // CloudVS.shade
