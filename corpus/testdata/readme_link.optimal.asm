vs_3_0
dcl_position o0 // VS_OUT.Pos
dcl_normal o1   // VS_OUT.N = .xyz, VS_OUT.Fog = .w
dcl_texcoord o2 // VS_OUT.UV = .xy
