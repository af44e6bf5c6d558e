vs_3_0
dcl_position o0     // VS_OUTPUT.Pos
dcl_texcoord o1.xy  // VS_OUTPUT.Detail
dcl_texcoord1 o2.xy // VS_OUTPUT.Uv
dcl_texcoord2 o3.xy // VS_OUTPUT.Shadow
dcl_texcoord3 o4.x  // VS_OUTPUT.Fog
dcl_color o5.x      // VS_OUTPUT.Tint
dcl_color1 o6.x     // VS_OUTPUT.Rim
