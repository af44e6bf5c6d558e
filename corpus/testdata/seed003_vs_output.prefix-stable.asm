vs_3_0
dcl_position o0  // VS_OUTPUT.Position
dcl_color o1     // VS_OUTPUT.Diffuse = .xyz
dcl_color1 o2    // VS_OUTPUT.Specular = .xyz
dcl_texcoord3 o3 // VS_OUTPUT.HalfVector = .xyz
dcl_texcoord2 o4 // VS_OUTPUT.Fresnel = .xyz
dcl_texcoord o5  // VS_OUTPUT.Reflection = .xyz
dcl_texcoord1 o6 // VS_OUTPUT.NoiseCoord = .xyz
