vs_3_0
dcl_color4 o0.x     // VS_OUTPUT.Color4
dcl_texcoord3 o1.xy // VS_OUTPUT.Tex3
dcl_fog o2.x        // VS_OUTPUT.Fog
dcl_tangent o3.xyz  // VS_OUTPUT.Tangent
dcl_position o4     // VS_OUTPUT.Position
dcl_psize o5        // VS_OUTPUT.PointSize
