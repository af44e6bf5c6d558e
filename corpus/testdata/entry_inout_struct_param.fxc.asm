vs_3_0
dcl_position o0  // GrassVS.return
dcl_texcoord o1  // GrassVS.uv = .xy
dcl_texcoord1 o2 // GrassVS.o.Sway = .xy
dcl_texcoord2 o3 // GrassVS.o.Tip = .x
dcl_texcoord3 o4 // GrassVS.fog = .x
