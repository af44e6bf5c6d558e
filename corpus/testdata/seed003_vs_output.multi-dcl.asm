vs_3_0
dcl_position o0      // VS_OUTPUT.Position
dcl_color o1.xyz     // VS_OUTPUT.Diffuse
dcl_color1 o2.xyz    // VS_OUTPUT.Specular
dcl_texcoord3 o3.xyz // VS_OUTPUT.HalfVector
dcl_texcoord2 o4.xyz // VS_OUTPUT.Fresnel
dcl_texcoord o5.xyz  // VS_OUTPUT.Reflection
dcl_texcoord1 o6.xyz // VS_OUTPUT.NoiseCoord
