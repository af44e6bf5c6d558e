vs_3_0
dcl_position o0     // VS_OUTPUT.Pos
dcl_texcoord o1.xy  // VS_OUTPUT.Detail
dcl_texcoord2 o1.zw // VS_OUTPUT.Shadow
dcl_texcoord1 o2.xy // VS_OUTPUT.Uv
dcl_texcoord3 o2.z  // VS_OUTPUT.Fog
dcl_color o3.x      // VS_OUTPUT.Tint
dcl_color1 o4.x     // VS_OUTPUT.Rim
