ps_3_0
dcl_texcoord0 v0
dcl_fog v1.x
mov oC0, v0
