vs_3_0
dcl_position o0  // GrassVS.return
dcl_texcoord o1  // GrassVS.uv = .xy, GrassVS.o.Sway = .zw
dcl_texcoord2 o2 // GrassVS.o.Tip = .x, GrassVS.fog = .y
