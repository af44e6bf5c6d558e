vs_3_0
dcl_position o0     // SkyVS.return
dcl_texcoord o1.xyz // SkyVS.oDir
dcl_texcoord1 o2.x  // SkyVS.oHeight
dcl_texcoord2 o3.xy // SkyVS.oUV
