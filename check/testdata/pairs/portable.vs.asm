; expect: 0.125 0.25 0.375 0.5 0.625 1.25 2.5 -3
; Portable: one full-mask dcl per register, generic semantics (MojoShader
; makes TEXCOORD5 and TEXCOORD6 "varying vec4 io_5_5", "io_5_6"), and the
; pixel shader numbers its registers its own way: linkage is by semantic.
vs_3_0
def c0, 0.125, 0.25, 0.375, 0.5
def c1, 0.625, 1.25, 2.5, -3.0
dcl_position v0
dcl_position o0
dcl_texcoord5 o3
dcl_texcoord6 o5
mov o0, v0
mov o3.xy, c0.xy
mov o3.zw, c0
mov o5, c1
