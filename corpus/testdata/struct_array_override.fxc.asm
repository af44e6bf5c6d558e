vs_3_0
dcl_position o0      // VS_OUTPUT.Pos
dcl_texcoord o1.xy   // VS_OUTPUT.Uv
dcl_texcoord2 o2.xyz // VS_OUTPUT.Lights[0].Dir
dcl_texcoord3 o3.x   // VS_OUTPUT.Lights[0].Range
dcl_texcoord4 o4.xyz // VS_OUTPUT.Lights[1].Dir
dcl_texcoord5 o5.x   // VS_OUTPUT.Lights[1].Range
