vs_3_0
dcl_position o0      // SKIN_OUT.Pos
dcl_texcoord o1.xyz  // SKIN_OUT.Bones[0]
dcl_texcoord6 o1.w   // SKIN_OUT.W0
dcl_texcoord1 o2.xyz // SKIN_OUT.Bones[1]
dcl_texcoord7 o2.w   // SKIN_OUT.W1
dcl_texcoord2 o3.xyz // SKIN_OUT.Bones[2]
dcl_texcoord3 o4.xyz // SKIN_OUT.Bones[3]
dcl_texcoord4 o5.xy  // SKIN_OUT.Extra[0]
dcl_texcoord8 o5.zw  // SKIN_OUT.UV
dcl_texcoord5 o6.xy  // SKIN_OUT.Extra[1]
