ps_3_0
dcl_texcoord6 v0
dcl_texcoord5 v1
mov oC0, v1
mov oC1.x, v0.x
mov oC1.yzw, v0
