ps_3_0
dcl_normal v0.xyz            // VS_OUTPUT.Normal
dcl_texcoord1 v0.w           // VS_OUTPUT.Depth
dcl_texcoord v1.xy           // VS_OUTPUT.UV
dcl_texcoord2_centroid v2.xy // VS_OUTPUT.Detail
dcl vPos.xy                  // VS_OUTPUT.Screen
dcl vFace                    // VS_OUTPUT.Face
