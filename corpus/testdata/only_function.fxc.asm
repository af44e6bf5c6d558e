vs_3_0
dcl_position o0  // RenderSceneVS.oPos
dcl_texcoord o1  // RenderSceneVS.oTex0 = .xy
dcl_texcoord2 o2 // RenderSceneVS.oFog = .x
dcl_texcoord1 o3 // RenderSceneVS.oNormal = .xyz
