vs_3_0
dcl_position o0      // VS_OUTPUT.Pos
dcl_texcoord3 o1.xyz // VS_OUTPUT.View
dcl_texcoord5 o1.w   // VS_OUTPUT.Bias
dcl_texcoord o2.xy   // VS_OUTPUT.Uv
dcl_texcoord6 o2.z   // VS_OUTPUT.Gain
