vs_3_0
dcl_position o0 // CloudVS.Pos
dcl_texcoord o1 // CloudVS.Density = .xyz, CloudVS.shade = .w
