ps_3_0
dcl_texcoord v0 // main.uv = .xy
dcl_color v1    // main.tint = .xyzw
dcl vPos.xy     // main.pos
