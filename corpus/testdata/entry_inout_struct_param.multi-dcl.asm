vs_3_0
dcl_position o0     // GrassVS.return
dcl_texcoord o1.xy  // GrassVS.uv
dcl_texcoord1 o1.zw // GrassVS.o.Sway
dcl_texcoord2 o2.x  // GrassVS.o.Tip
dcl_fog o2.y        // GrassVS.fog
