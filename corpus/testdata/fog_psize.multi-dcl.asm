vs_3_0
dcl_position o0    // SPRITE_OUT.Position
dcl_psize o1       // SPRITE_OUT.Size
dcl_color o2       // SPRITE_OUT.Color
dcl_texcoord o3.xy // SPRITE_OUT.UV
dcl_fog o3.z       // SPRITE_OUT.Fog
