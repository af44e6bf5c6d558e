vs_3_0
dcl_position o0      // VS_OUTPUT.Position
dcl_color o1         // VS_OUTPUT.Diffuse
dcl_texcoord2 o2.xyz // VS_OUTPUT.Normal
dcl_texcoord1 o2.w   // VS_OUTPUT.Fog
dcl_texcoord o3.xy   // VS_OUTPUT.TexUV
