vs_3_0
dcl_position o0      // VS_OUTPUT.Pos
dcl_color o1         // VS_OUTPUT.Color
dcl_texcoord4 o2     // VS_OUTPUT.Xform[0]
dcl_texcoord5 o3     // VS_OUTPUT.Xform[1]
dcl_texcoord6 o4     // VS_OUTPUT.Xform[2]
dcl_texcoord7 o5     // VS_OUTPUT.Xform[3]
dcl_texcoord1 o6.xyz // VS_OUTPUT.Basis[0]
dcl_texcoord3 o6.w   // VS_OUTPUT.Id
dcl_texcoord2 o7.xyz // VS_OUTPUT.Basis[1]
dcl_texcoord o8.xy   // VS_OUTPUT.Uv
