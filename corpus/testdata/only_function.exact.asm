vs_3_0
dcl_position o0  // RenderSceneVS.oPos
dcl_texcoord1 o1 // RenderSceneVS.oNormal = .xyz, RenderSceneVS.oFog = .w
dcl_texcoord o2  // RenderSceneVS.oTex0 = .xy
