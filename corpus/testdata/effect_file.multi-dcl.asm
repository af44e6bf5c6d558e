vs_3_0
dcl_position o0      // RenderSceneVS.Position
dcl_color o1         // RenderSceneVS.Diffuse
dcl_texcoord2 o2.xyz // RenderSceneVS.Normal
dcl_texcoord1 o2.w   // RenderSceneVS.Fog
dcl_texcoord o3.xy   // RenderSceneVS.TexUV
