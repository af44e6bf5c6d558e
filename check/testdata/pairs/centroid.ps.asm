ps_3_0
dcl_texcoord0_centroid v0
dcl_texcoord1 v1
mov oC0, v0
mov oC1, v1
