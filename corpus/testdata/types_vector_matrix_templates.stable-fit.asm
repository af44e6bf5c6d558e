vs_3_0
dcl_position o0      // VS_OUTPUT.Pos
dcl_texcoord o1.xy   // VS_OUTPUT.Uv
dcl_texcoord3 o1.z   // VS_OUTPUT.Id
dcl_texcoord1 o2.xyz // VS_OUTPUT.Basis[0]
dcl_texcoord2 o3.xyz // VS_OUTPUT.Basis[1]
dcl_color o4         // VS_OUTPUT.Color
dcl_texcoord4 o5     // VS_OUTPUT.Xform[0]
dcl_texcoord5 o6     // VS_OUTPUT.Xform[1]
dcl_texcoord6 o7     // VS_OUTPUT.Xform[2]
dcl_texcoord7 o8     // VS_OUTPUT.Xform[3]
