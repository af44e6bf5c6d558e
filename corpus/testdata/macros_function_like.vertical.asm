vs_3_0
dcl_position o0      // VS_OUTPUT.Pos
dcl_texcoord o1.xy   // VS_OUTPUT.Uv
dcl_texcoord5 o1.z   // VS_OUTPUT.Bias
dcl_texcoord6 o1.w   // VS_OUTPUT.Gain
dcl_texcoord3 o2.xyz // VS_OUTPUT.View
