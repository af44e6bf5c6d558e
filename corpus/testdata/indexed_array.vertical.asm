vs_3_0
dcl_position o0    // VS_OUTPUT.Pos
dcl_psize o1       // VS_OUTPUT.Size
dcl_texcoord o2.xy // VS_OUTPUT.UV
dcl_texcoord1 o2.z // VS_OUTPUT.Weights[0]
dcl_texcoord4 o3.x // VS_OUTPUT.Fade
dcl_texcoord2 o3.z // VS_OUTPUT.Weights[1]
dcl_texcoord3 o4.z // VS_OUTPUT.Weights[2]
dcl_normal o5.xyz  // VS_OUTPUT.Normal
