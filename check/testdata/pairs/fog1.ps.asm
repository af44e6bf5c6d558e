ps_3_0
dcl_texcoord0 v0
dcl_fog1 v1.x
mov oC0, v0
mov oC1, v1.x
