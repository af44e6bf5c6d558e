; expect: 0.125 0.25 0.375 0.5 0.625 1.25 2.5 -3
; COLOR0 and COLOR1 with values outside [0, 1]: MojoShader's GLSL passes
; them through gl_FrontColor and gl_FrontSecondaryColor, which GL clamps.
vs_3_0
def c0, 0.125, 0.25, 0.375, 0.5
def c1, 0.625, 1.25, 2.5, -3.0
dcl_position v0
dcl_position o0
dcl_color0 o1
dcl_color1 o2
mov o0, v0
mov o1, c0
mov o2, c1
