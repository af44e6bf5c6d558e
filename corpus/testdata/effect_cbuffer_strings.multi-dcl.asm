vs_3_0
dcl_position o0     // WaterVS.Pos
dcl_texcoord o1.xy  // WaterVS.WaveUv
dcl_texcoord1 o1.zw // WaterVS.FoamUv
dcl_texcoord2 o2.x  // WaterVS.Crest
