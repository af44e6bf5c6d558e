vs_3_0
dcl_position o0  // VS_OUTPUT.Position
dcl_color o1     // VS_OUTPUT.Diffuse = .xyzw
dcl_texcoord2 o2 // VS_OUTPUT.Normal = .xyz, VS_OUTPUT.Fog = .w
dcl_texcoord o3  // VS_OUTPUT.TexUV = .xy
