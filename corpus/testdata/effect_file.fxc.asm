vs_3_0
dcl_position o0      // RenderSceneVS.Position
dcl_color o1         // RenderSceneVS.Diffuse
dcl_texcoord o2.xy   // RenderSceneVS.TexUV
dcl_texcoord1 o3.x   // RenderSceneVS.Fog
dcl_texcoord2 o4.xyz // RenderSceneVS.Normal
