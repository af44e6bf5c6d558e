vs_3_0
dcl_position o0      // VS_OUTPUT.Position
dcl_color o1         // VS_OUTPUT.Diffuse
dcl_texcoord o2.xy   // VS_OUTPUT.TexUV
dcl_texcoord1 o2.z   // VS_OUTPUT.Fog
dcl_texcoord2 o3.xyz // VS_OUTPUT.Normal
