vs_3_0
dcl_position o0 // VS_OUT.Pos
dcl_texcoord o1 // VS_OUT.UV = .xy, VS_OUT.Fog = .z
dcl_normal o2   // VS_OUT.N = .xyz
