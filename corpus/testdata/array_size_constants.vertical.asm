vs_3_0
dcl_position o0     // VS_OUTPUT.Pos
dcl_texcoord o1.x   // VS_OUTPUT.Taps[0]
dcl_texcoord1 o1.y  // VS_OUTPUT.Taps[1]
dcl_texcoord2 o1.z  // VS_OUTPUT.Taps[2]
dcl_texcoord3 o2.xy // VS_OUTPUT.Rings[0]
dcl_texcoord4 o2.zw // VS_OUTPUT.Rings[1]
dcl_texcoord5 o3.xy // VS_OUTPUT.Rings[2]
dcl_normal o4.xyz   // VS_OUTPUT.Bands[0]
dcl_normal1 o5.xyz  // VS_OUTPUT.Bands[1]
