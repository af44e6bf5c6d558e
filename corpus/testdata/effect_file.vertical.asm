vs_3_0
dcl_position o0      // RenderSceneVS.Position
dcl_color o1         // RenderSceneVS.Diffuse
dcl_texcoord o2.xy   // RenderSceneVS.TexUV
dcl_texcoord1 o2.z   // RenderSceneVS.Fog
dcl_texcoord2 o3.xyz // RenderSceneVS.Normal
