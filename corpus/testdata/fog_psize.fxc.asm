vs_3_0
dcl_position o0  // SPRITE_OUT.Position
dcl_psize o1     // SPRITE_OUT.Size
dcl_color o2     // SPRITE_OUT.Color = .xyzw
dcl_texcoord o3  // SPRITE_OUT.UV = .xy
dcl_texcoord1 o4 // SPRITE_OUT.Fog = .x
