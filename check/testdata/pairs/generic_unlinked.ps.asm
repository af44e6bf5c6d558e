ps_3_0
dcl_texcoord5 v0.xy
mov oC0, v0.xyxy
