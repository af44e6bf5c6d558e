vs_3_0
dcl_position o0     // VS_OUTPUT.Pos
dcl_normal o1.xyz   // VS_OUTPUT.Bands[0]
dcl_texcoord o1.w   // VS_OUTPUT.Taps[0]
dcl_normal1 o2.xyz  // VS_OUTPUT.Bands[1]
dcl_texcoord1 o2.w  // VS_OUTPUT.Taps[1]
dcl_texcoord3 o3.xy // VS_OUTPUT.Rings[0]
dcl_texcoord4 o3.zw // VS_OUTPUT.Rings[1]
dcl_texcoord5 o4.xy // VS_OUTPUT.Rings[2]
dcl_texcoord2 o4.z  // VS_OUTPUT.Taps[2]
