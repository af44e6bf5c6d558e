vs_3_0
dcl_position o0    // VS_OUTPUT.Pos
dcl_psize o1       // VS_OUTPUT.Size
dcl_texcoord1 o2.x // VS_OUTPUT.Weights[0]
dcl_normal o2.yzw  // VS_OUTPUT.Normal
dcl_texcoord2 o3.x // VS_OUTPUT.Weights[1]
dcl_texcoord o3.yz // VS_OUTPUT.UV
dcl_texcoord4 o3.w // VS_OUTPUT.Fade
dcl_texcoord3 o4.x // VS_OUTPUT.Weights[2]
