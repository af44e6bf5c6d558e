ps_3_0
dcl_texcoord v0.x    // VS_OUTPUT.Depth
dcl_texcoord1 v1.x   // VS_OUTPUT.Fade
dcl_texcoord2 v2.xyz // VS_OUTPUT.View
dcl_texcoord3 v3.xyz // VS_OUTPUT.Light
dcl_color v4         // VS_OUTPUT.Tint
