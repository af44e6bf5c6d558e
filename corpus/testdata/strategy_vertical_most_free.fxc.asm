vs_3_0
dcl_position o0  // VS_OUTPUT.Pos
dcl_texcoord o1  // VS_OUTPUT.View = .xyz
dcl_texcoord1 o2 // VS_OUTPUT.Uv = .xy
dcl_texcoord2 o3 // VS_OUTPUT.Rim = .x
dcl_texcoord3 o4 // VS_OUTPUT.Flow = .xy
