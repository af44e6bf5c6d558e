vs_3_0
dcl_position o0    // VS_OUTPUT.Pos
dcl_texcoord o1.xy // VS_OUTPUT.Uv
dcl_depth o1.z     // VS_OUTPUT.Depth
