vs_3_0
dcl_position o0  // RenderSceneVS.Position
dcl_color o1     // RenderSceneVS.Diffuse = .xyzw
dcl_texcoord o2  // RenderSceneVS.TexUV = .xy, RenderSceneVS.Fog = .z
dcl_texcoord2 o3 // RenderSceneVS.Normal = .xyz
