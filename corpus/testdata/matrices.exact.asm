vs_3_0
dcl_position o0  // INSTANCE_OUT.Pos
dcl_texcoord o1  // INSTANCE_OUT.World[0] = .xyzw
dcl_texcoord1 o2 // INSTANCE_OUT.World[1] = .xyzw
dcl_texcoord2 o3 // INSTANCE_OUT.World[2] = .xyzw
dcl_texcoord3 o4 // INSTANCE_OUT.Uv[0] = .xy, INSTANCE_OUT.Uv[1] = .zw
dcl_texcoord5 o5 // INSTANCE_OUT.Uv[2] = .xy, INSTANCE_OUT.Alpha = .z
