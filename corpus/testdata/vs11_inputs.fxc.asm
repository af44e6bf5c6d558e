vs_1_1
dcl_position v0     // APP_VERTEX.Pos
dcl_normal v1       // APP_VERTEX.Normal
dcl_blendweight v2  // APP_VERTEX.Weights[0]
dcl_blendweight1 v3 // APP_VERTEX.Weights[1]
dcl_blendweight2 v4 // APP_VERTEX.Weights[2]
dcl_texcoord v5     // APP_VERTEX.Uv
dcl_psize v6        // APP_VERTEX.Psize
dcl_color v7        // APP_VERTEX.Color
