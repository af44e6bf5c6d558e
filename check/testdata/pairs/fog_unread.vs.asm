; expect: 0.125 0.25 0.375 0.5
; The pixel shader declares FOG in a register of its own but never reads
; it: GL drops the unused varying, so MojoShader links (a FOG it reads
; does not link, see fog1 and the tools' unpacked pair).
vs_3_0
def c0, 0.125, 0.25, 0.375, 0.5
dcl_position v0
dcl_position o0
dcl_texcoord0 o1
dcl_fog o2.x
mov o0, v0
mov o1, c0
mov o2.x, c0.x
