; expect: 0.125 0.25 0.375 0.5 0.625 1.25 2.5 -3
; A centroid input: MojoShader's GLSL profiles do not compile it.
vs_3_0
def c0, 0.125, 0.25, 0.375, 0.5
def c1, 0.625, 1.25, 2.5, -3.0
dcl_position v0
dcl_position o0
dcl_texcoord0 o1
dcl_texcoord1 o2
mov o0, v0
mov o1, c0
mov o2, c1
