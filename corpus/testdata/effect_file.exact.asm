vs_3_0
dcl_position o0  // RenderSceneVS.Position
dcl_color o1     // RenderSceneVS.Diffuse = .xyzw
dcl_texcoord2 o2 // RenderSceneVS.Normal = .xyz, RenderSceneVS.Fog = .w
dcl_texcoord o3  // RenderSceneVS.TexUV = .xy
