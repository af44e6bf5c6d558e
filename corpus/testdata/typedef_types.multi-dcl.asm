vs_3_0
dcl_position o0      // VS_OUTPUT.Pos
dcl_texcoord3 o1     // VS_OUTPUT.Bone[0]
dcl_texcoord4 o2     // VS_OUTPUT.Bone[1]
dcl_texcoord1 o3.xyz // VS_OUTPUT.Axes[0]
dcl_texcoord5 o3.w   // VS_OUTPUT.Bias
dcl_texcoord2 o4.xyz // VS_OUTPUT.Axes[1]
dcl_texcoord o5.xy   // VS_OUTPUT.Uv
