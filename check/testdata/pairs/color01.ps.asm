ps_3_0
dcl_color0 v0
dcl_color1 v1
mov oC0, v0
mov oC1, v1
