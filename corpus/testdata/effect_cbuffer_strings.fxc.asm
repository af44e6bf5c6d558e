vs_3_0
dcl_position o0  // WaterVS.Pos
dcl_texcoord o1  // WaterVS.WaveUv = .xy
dcl_texcoord1 o2 // WaterVS.FoamUv = .xy
dcl_texcoord2 o3 // WaterVS.Crest = .x
