vs_3_0
dcl_position o0      // VS_OUTPUT.Pos
dcl_texcoord o1.xy   // VS_OUTPUT.Uv
dcl_texcoord5 o1.z   // VS_OUTPUT.Bias
dcl_texcoord1 o2.xyz // VS_OUTPUT.Axes[0]
dcl_texcoord2 o3.xyz // VS_OUTPUT.Axes[1]
dcl_texcoord3 o4     // VS_OUTPUT.Bone[0]
dcl_texcoord4 o5     // VS_OUTPUT.Bone[1]
