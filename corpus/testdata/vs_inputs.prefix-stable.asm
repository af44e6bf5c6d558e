vs_3_0
dcl_position v0     // vs.i.Pos = .xyzw
dcl_normal v1       // vs.i.Normal = .xyzw
dcl_texcoord v2     // vs.i.UV = .xyzw
dcl_blendweight v3  // vs.i.Weights = .xyzw
dcl_blendindices v4 // vs.i.Indices = .xyzw
dcl_texcoord4 v5    // vs.inst = .xyzw
