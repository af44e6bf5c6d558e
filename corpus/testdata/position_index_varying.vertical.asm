vs_3_0
dcl_position o0      // VS_OUTPUT.Pos
dcl_position1 o1.xyz // VS_OUTPUT.WorldPos
dcl_texcoord o2.xy   // VS_OUTPUT.Uv
dcl_position15 o2.z  // VS_OUTPUT.Height
