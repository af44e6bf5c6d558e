vs_3_0
dcl_position o0  // INSTANCE_OUT.Pos
dcl_texcoord o1  // INSTANCE_OUT.World[0] = .xyzw
dcl_texcoord1 o2 // INSTANCE_OUT.World[1] = .xyzw
dcl_texcoord2 o3 // INSTANCE_OUT.World[2] = .xyzw
dcl_texcoord3 o4 // INSTANCE_OUT.Uv[0] = .xy
dcl_texcoord4 o5 // INSTANCE_OUT.Uv[1] = .xy
dcl_texcoord5 o6 // INSTANCE_OUT.Uv[2] = .xy
dcl_texcoord6 o7 // INSTANCE_OUT.Alpha = .x
