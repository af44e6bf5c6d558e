vs_3_0
dcl_position o0     // SkyVS.return
dcl_texcoord o1.xyz // SkyVS.oDir
dcl_texcoord1 o1.w  // SkyVS.oHeight
dcl_texcoord2 o2.xy // SkyVS.oUV
