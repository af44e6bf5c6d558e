vs_3_0
dcl_position o0      // VS_OUTPUT.Pos
dcl_texcoord o1.xy   // VS_OUTPUT.Uv
dcl_texcoord1 o2.xy  // VS_OUTPUT.Cell
dcl_texcoord2 o3.xyz // VS_OUTPUT.Ids
dcl_texcoord3 o4.x   // VS_OUTPUT.Lit
dcl_texcoord4 o5.xyz // VS_OUTPUT.Tint
dcl_texcoord5 o6.x   // VS_OUTPUT.Mask
dcl_texcoord6 o7.x   // VS_OUTPUT.Grain
dcl_texcoord7 o8.x   // VS_OUTPUT.Layer
dcl_texcoord8 o9.x   // VS_OUTPUT.Seed
dcl_texcoord9 o10.x  // VS_OUTPUT.Tile
