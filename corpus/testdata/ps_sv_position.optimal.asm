ps_3_0
dcl_color v0    // main.tint = .xyzw
dcl_texcoord v1 // main.uv = .xy
dcl vPos.xy     // main.pos
