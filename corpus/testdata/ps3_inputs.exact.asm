ps_3_0
dcl_normal v0             // VS_OUTPUT.Normal = .xyz, VS_OUTPUT.Depth = .w
dcl_texcoord v1           // VS_OUTPUT.UV = .xy
dcl_texcoord2_centroid v2 // VS_OUTPUT.Detail = .xy
dcl vPos.xy               // VS_OUTPUT.Screen
dcl vFace                 // VS_OUTPUT.Face
