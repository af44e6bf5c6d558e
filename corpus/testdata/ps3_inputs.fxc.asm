ps_3_0
dcl_texcoord v0           // VS_OUTPUT.UV = .xy
dcl_texcoord1 v1          // VS_OUTPUT.Depth = .x
dcl_normal v2             // VS_OUTPUT.Normal = .xyz
dcl_texcoord2_centroid v3 // VS_OUTPUT.Detail = .xy
dcl vPos.xy               // VS_OUTPUT.Screen
dcl vFace                 // VS_OUTPUT.Face
