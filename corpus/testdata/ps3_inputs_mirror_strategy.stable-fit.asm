ps_3_0
dcl_texcoord v0.x    // VS_OUTPUT.Depth
dcl_texcoord1 v0.y   // VS_OUTPUT.Fade
dcl_texcoord2 v1.xyz // VS_OUTPUT.View
dcl_texcoord3 v2.xyz // VS_OUTPUT.Light
dcl_color v3         // VS_OUTPUT.Tint
