vs_3_0
dcl_position o0  // VS_OUTPUT.Pos
dcl_texcoord2 o1 // VS_OUTPUT.Ids = .xyz, VS_OUTPUT.Lit = .w
dcl_texcoord4 o2 // VS_OUTPUT.Tint = .xyz, VS_OUTPUT.Mask = .w
dcl_texcoord o3  // VS_OUTPUT.Uv = .xy, VS_OUTPUT.Cell = .zw
dcl_texcoord6 o4 // VS_OUTPUT.Grain = .x, VS_OUTPUT.Layer = .y, VS_OUTPUT.Seed = .z, VS_OUTPUT.Tile = .w
