vs_3_0
dcl_position o0  // SkyVS.return
dcl_texcoord o1  // SkyVS.oDir = .xyz, SkyVS.oHeight = .w
dcl_texcoord2 o2 // SkyVS.oUV = .xy
