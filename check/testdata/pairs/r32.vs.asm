; expect: 0.125 0.25 0.375 0.5
; problem: r32 is out of range
; A temporary past r31, as vkd3d wrote for a wrapper that copied eight
; matrices: vs_3_0 has r0 to r31.
vs_3_0
def c0, 0.125, 0.25, 0.375, 0.5
dcl_position v0
dcl_position o0
dcl_texcoord0 o1
mov o0, v0
mov r32, c0
mov o1, r32
