vs_3_0
dcl_color4 o0.x     // VS_OUTPUT.Color4
dcl_texcoord3 o0.yz // VS_OUTPUT.Tex3
dcl_fog o0.w        // VS_OUTPUT.Fog
dcl_tangent o1.xyz  // VS_OUTPUT.Tangent
dcl_position o2     // VS_OUTPUT.Position
dcl_psize o3        // VS_OUTPUT.PointSize
