vs_3_0
dcl_position o0    // VS_OUTPUT.Pos
dcl_color o1.xyz   // VS_OUTPUT.Diffuse
dcl_texcoord1 o1.w // VS_OUTPUT.Fade
dcl_texcoord o2.xy // VS_OUTPUT.Uv
dcl_color1 o2.zw   // VS_OUTPUT.Spec
