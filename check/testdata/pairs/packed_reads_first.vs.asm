; expect: 0.125 0.25 0.125 0.25
; As packed_reads_last, but the pixel shader reads TEXCOORD0, the first
; dcl: wined3d loses it, MojoShader carries the whole register.
vs_3_0
def c0, 0.125, 0.25, 0.375, 0.5
dcl_position v0
dcl_position o0
dcl_texcoord0 o1.xy
dcl_texcoord1 o1.zw
mov o0, v0
mov o1.xy, c0.xy
mov o1.zw, c0
