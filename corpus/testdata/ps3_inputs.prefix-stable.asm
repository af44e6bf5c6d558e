ps_3_0
dcl_texcoord v0.xy           // VS_OUTPUT.UV
dcl_texcoord1 v0.z           // VS_OUTPUT.Depth
dcl_normal v1.xyz            // VS_OUTPUT.Normal
dcl_texcoord2_centroid v2.xy // VS_OUTPUT.Detail
dcl vPos.xy                  // VS_OUTPUT.Screen
dcl vFace                    // VS_OUTPUT.Face
