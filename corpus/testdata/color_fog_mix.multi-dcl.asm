vs_3_0
dcl_position o0  // VS_OUTPUT.Position
dcl_texcoord o1  // VS_OUTPUT.Uv
dcl_color o2.xyz // VS_OUTPUT.Tint
dcl_fog o2.w     // VS_OUTPUT.Fog
