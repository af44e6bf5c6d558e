vs_3_0
dcl_position o0      // VS_OUTPUT.Pos
dcl_texcoord o1.xyz  // VS_OUTPUT.Joint[0][0]
dcl_texcoord1 o2.xyz // VS_OUTPUT.Joint[0][1]
dcl_texcoord2 o3.xyz // VS_OUTPUT.Joint[1][0]
dcl_texcoord3 o4.xyz // VS_OUTPUT.Joint[1][1]
dcl_texcoord4 o5.xy  // VS_OUTPUT.Flow[0][0]
dcl_texcoord5 o5.zw  // VS_OUTPUT.Flow[0][1]
dcl_texcoord6 o6.xy  // VS_OUTPUT.Flow[1][0]
dcl_texcoord7 o6.zw  // VS_OUTPUT.Flow[1][1]
