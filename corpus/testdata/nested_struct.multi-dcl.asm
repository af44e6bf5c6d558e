vs_3_0
dcl_position o0      // VS_OUTPUT.Pos
dcl_normal o1.xyz    // VS_OUTPUT.Base.Normal
dcl_texcoord1 o1.w   // VS_OUTPUT.Fade
dcl_texcoord4 o2.xyz // VS_OUTPUT.Detail.Normal
dcl_texcoord o3.xy   // VS_OUTPUT.Base.UV
dcl_texcoord5 o3.zw  // VS_OUTPUT.Detail.UV
