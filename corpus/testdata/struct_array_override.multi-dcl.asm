vs_3_0
dcl_position o0      // VS_OUTPUT.Pos
dcl_texcoord2 o1.xyz // VS_OUTPUT.Lights[0].Dir
dcl_texcoord3 o1.w   // VS_OUTPUT.Lights[0].Range
dcl_texcoord4 o2.xyz // VS_OUTPUT.Lights[1].Dir
dcl_texcoord5 o2.w   // VS_OUTPUT.Lights[1].Range
dcl_texcoord o3.xy   // VS_OUTPUT.Uv
