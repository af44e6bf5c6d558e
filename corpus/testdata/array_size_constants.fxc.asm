vs_3_0
dcl_position o0     // VS_OUTPUT.Pos
dcl_texcoord o1.x   // VS_OUTPUT.Taps[0]
dcl_texcoord1 o2.x  // VS_OUTPUT.Taps[1]
dcl_texcoord2 o3.x  // VS_OUTPUT.Taps[2]
dcl_texcoord3 o4.xy // VS_OUTPUT.Rings[0]
dcl_texcoord4 o5.xy // VS_OUTPUT.Rings[1]
dcl_texcoord5 o6.xy // VS_OUTPUT.Rings[2]
dcl_normal o7.xyz   // VS_OUTPUT.Bands[0]
dcl_normal1 o8.xyz  // VS_OUTPUT.Bands[1]
