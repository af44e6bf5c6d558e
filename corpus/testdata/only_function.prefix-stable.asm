vs_3_0
dcl_position o0  // RenderSceneVS.oPos
dcl_texcoord o1  // RenderSceneVS.oTex0 = .xy, RenderSceneVS.oFog = .z
dcl_texcoord1 o2 // RenderSceneVS.oNormal = .xyz
