vs_3_0
dcl_position o0  // SkyVS.return
dcl_texcoord o1  // SkyVS.oDir = .xyz
dcl_texcoord1 o2 // SkyVS.oHeight = .x
dcl_texcoord2 o3 // SkyVS.oUV = .xy
