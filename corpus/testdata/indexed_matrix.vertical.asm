vs_3_0
dcl_position o0  // SKIN_OUT.Pos
dcl_texcoord o1  // SKIN_OUT.Bones[0] = .xyz
dcl_texcoord1 o2 // SKIN_OUT.Bones[1] = .xyz
dcl_texcoord2 o3 // SKIN_OUT.Bones[2] = .xyz
dcl_texcoord3 o4 // SKIN_OUT.Bones[3] = .xyz
dcl_texcoord4 o5 // SKIN_OUT.Extra[0] = .xy, SKIN_OUT.W0 = .z
dcl_texcoord5 o6 // SKIN_OUT.Extra[1] = .xy, SKIN_OUT.W1 = .z
dcl_texcoord8 o7 // SKIN_OUT.UV = .xy
