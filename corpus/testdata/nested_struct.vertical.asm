vs_3_0
dcl_position o0      // VS_OUTPUT.Pos
dcl_normal o1.xyz    // VS_OUTPUT.Base.Normal
dcl_texcoord1 o1.w   // VS_OUTPUT.Fade
dcl_texcoord o2.xy   // VS_OUTPUT.Base.UV
dcl_texcoord5 o2.zw  // VS_OUTPUT.Detail.UV
dcl_texcoord4 o3.xyz // VS_OUTPUT.Detail.Normal
