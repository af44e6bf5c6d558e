vs_3_0
dcl_position o0  // VS_OUTPUT.Pos
dcl_psize o1     // VS_OUTPUT.Size
dcl_texcoord1 o2 // VS_OUTPUT.Weights[0] = .x, VS_OUTPUT.Normal = .yzw
dcl_texcoord2 o3 // VS_OUTPUT.Weights[1] = .x, VS_OUTPUT.UV = .yz, VS_OUTPUT.Fade = .w
dcl_texcoord3 o4 // VS_OUTPUT.Weights[2] = .x
