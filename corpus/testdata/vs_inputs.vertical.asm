vs_3_0
dcl_position v0     // vs.i.Pos
dcl_normal v1       // vs.i.Normal
dcl_texcoord v2     // vs.i.UV
dcl_blendweight v3  // vs.i.Weights
dcl_blendindices v4 // vs.i.Indices
dcl_texcoord4 v5    // vs.inst
