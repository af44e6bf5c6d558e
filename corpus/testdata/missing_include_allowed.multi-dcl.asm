vs_3_0
dcl_position o0    // VS_OUTPUT.Pos
dcl_texcoord o1.xy // VS_OUTPUT.UV
dcl_fog o1.z       // VS_OUTPUT.Fog
