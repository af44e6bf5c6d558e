; Inputs packed exactly like packed.vs.asm.
; oC0 = texcoord0.xy, texcoord1.xy    oC1 = fog, texcoord2.xyz
ps_3_0
dcl_texcoord0 v0.xy
dcl_texcoord1 v0.zw
dcl_fog v1.x
dcl_texcoord2 v1.yzw
mov oC0.xy, v0.xy
mov oC0.zw, v0
mov oC1.x, v1.x
mov oC1.yzw, v1
