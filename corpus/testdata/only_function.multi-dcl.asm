vs_3_0
dcl_position o0      // RenderSceneVS.oPos
dcl_texcoord1 o1.xyz // RenderSceneVS.oNormal
dcl_fog o1.w         // RenderSceneVS.oFog
dcl_texcoord o2.xy   // RenderSceneVS.oTex0
