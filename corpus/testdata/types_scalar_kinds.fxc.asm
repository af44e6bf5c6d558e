vs_3_0
dcl_position o0   // VS_OUTPUT.Pos
dcl_texcoord o1   // VS_OUTPUT.Uv = .xy
dcl_texcoord1 o2  // VS_OUTPUT.Cell = .xy
dcl_texcoord2 o3  // VS_OUTPUT.Ids = .xyz
dcl_texcoord3 o4  // VS_OUTPUT.Lit = .x
dcl_texcoord4 o5  // VS_OUTPUT.Tint = .xyz
dcl_texcoord5 o6  // VS_OUTPUT.Mask = .x
dcl_texcoord6 o7  // VS_OUTPUT.Grain = .x
dcl_texcoord7 o8  // VS_OUTPUT.Layer = .x
dcl_texcoord8 o9  // VS_OUTPUT.Seed = .x
dcl_texcoord9 o10 // VS_OUTPUT.Tile = .x
