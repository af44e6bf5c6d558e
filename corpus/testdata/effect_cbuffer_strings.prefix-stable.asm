vs_3_0
dcl_position o0  // WaterVS.Pos
dcl_texcoord o1  // WaterVS.WaveUv = .xy, WaterVS.FoamUv = .zw
dcl_texcoord2 o2 // WaterVS.Crest = .x
