vs_3_0
dcl_position o0  // VS_OUTPUT.Pos
dcl_texcoord o1  // VS_OUTPUT.View = .xyz
dcl_texcoord1 o2 // VS_OUTPUT.Uv = .xy, VS_OUTPUT.Rim = .z
dcl_texcoord3 o3 // VS_OUTPUT.Flow = .xy
