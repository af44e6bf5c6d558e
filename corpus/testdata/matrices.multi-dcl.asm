vs_3_0
dcl_position o0     // INSTANCE_OUT.Pos
dcl_texcoord o1     // INSTANCE_OUT.World[0]
dcl_texcoord1 o2    // INSTANCE_OUT.World[1]
dcl_texcoord2 o3    // INSTANCE_OUT.World[2]
dcl_texcoord3 o4.xy // INSTANCE_OUT.Uv[0]
dcl_texcoord4 o4.zw // INSTANCE_OUT.Uv[1]
dcl_texcoord5 o5.xy // INSTANCE_OUT.Uv[2]
dcl_texcoord6 o5.z  // INSTANCE_OUT.Alpha
