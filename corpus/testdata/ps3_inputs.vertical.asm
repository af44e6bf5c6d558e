ps_3_0
dcl_texcoord v0           // VS_OUTPUT.UV = .xy, VS_OUTPUT.Depth = .z
dcl_normal v1             // VS_OUTPUT.Normal = .xyz
dcl_texcoord2_centroid v2 // VS_OUTPUT.Detail = .xy
dcl vPos.xy               // VS_OUTPUT.Screen
dcl vFace                 // VS_OUTPUT.Face
