vs_3_0
dcl_position o0 // VS_OUTPUT.Pos
dcl_texcoord o1 // VS_OUTPUT.Uv = .xy, VS_OUTPUT.Depth = .z
