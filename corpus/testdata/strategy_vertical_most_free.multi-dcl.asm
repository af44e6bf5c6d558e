vs_3_0
dcl_position o0     // VS_OUTPUT.Pos
dcl_texcoord o1.xyz // VS_OUTPUT.View
dcl_texcoord2 o1.w  // VS_OUTPUT.Rim
dcl_texcoord1 o2.xy // VS_OUTPUT.Uv
dcl_texcoord3 o2.zw // VS_OUTPUT.Flow
