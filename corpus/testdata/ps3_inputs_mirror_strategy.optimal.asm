ps_3_0
dcl_color v0         // VS_OUTPUT.Tint
dcl_texcoord2 v1.xyz // VS_OUTPUT.View
dcl_texcoord v1.w    // VS_OUTPUT.Depth
dcl_texcoord3 v2.xyz // VS_OUTPUT.Light
dcl_texcoord1 v2.w   // VS_OUTPUT.Fade
