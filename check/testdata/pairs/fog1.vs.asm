; expect: 0.125 0.25 0.375 0.5 0.625 0.625 0.625 0.625
; FOG1 in a register of its own: MojoShader's vertex side makes it a
; float varying, its pixel side a vec4, and GL does not link them.
vs_3_0
def c0, 0.125, 0.25, 0.375, 0.5
def c1, 0.625, 1.25, 2.5, -3.0
dcl_position v0
dcl_position o0
dcl_texcoord0 o1
dcl_fog1 o2.x
mov o0, v0
mov o1, c0
mov o2.x, c1.x
