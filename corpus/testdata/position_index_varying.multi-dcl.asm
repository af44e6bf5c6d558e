vs_3_0
dcl_position o0      // VS_OUTPUT.Pos
dcl_position1 o1.xyz // VS_OUTPUT.WorldPos
dcl_position15 o1.w  // VS_OUTPUT.Height
dcl_texcoord o2.xy   // VS_OUTPUT.Uv
