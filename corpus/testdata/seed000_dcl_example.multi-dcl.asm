vs_3_0
dcl_position o0     // VS_OUTPUT.Position
dcl_psize o1        // VS_OUTPUT.PointSize
dcl_tangent o2.xyz  // VS_OUTPUT.Tangent
dcl_color4 o2.w     // VS_OUTPUT.Color4
dcl_texcoord3 o3.xy // VS_OUTPUT.Tex3
dcl_fog o3.z        // VS_OUTPUT.Fog
