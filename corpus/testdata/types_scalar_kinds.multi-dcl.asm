vs_3_0
dcl_position o0      // VS_OUTPUT.Pos
dcl_texcoord2 o1.xyz // VS_OUTPUT.Ids
dcl_texcoord3 o1.w   // VS_OUTPUT.Lit
dcl_texcoord4 o2.xyz // VS_OUTPUT.Tint
dcl_texcoord5 o2.w   // VS_OUTPUT.Mask
dcl_texcoord o3.xy   // VS_OUTPUT.Uv
dcl_texcoord1 o3.zw  // VS_OUTPUT.Cell
dcl_texcoord6 o4.x   // VS_OUTPUT.Grain
dcl_texcoord7 o4.y   // VS_OUTPUT.Layer
dcl_texcoord8 o4.z   // VS_OUTPUT.Seed
dcl_texcoord9 o4.w   // VS_OUTPUT.Tile
