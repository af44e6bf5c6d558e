; Several semantics packed into one output register, one dcl each, as
; Microsoft's documentation allows (the pair of ../shared/tools/
; d3d9-render-check's tests): legal Direct3D 9 that no runtime below reads
; whole, and none says so.
vs_3_0
def c0, 0.125, 0.25, 0.375, 0.5
def c1, 0.625, 1.25, 2.5, -3.0
dcl_position v0
dcl_position o0
dcl_texcoord0 o1.xy
dcl_texcoord1 o1.zw
dcl_fog o2.x
dcl_texcoord2 o2.yzw
mov o0, v0
mov o1.xy, c0.xy
mov o1.zw, c0
mov o2.x, c1.x
mov o2.yzw, c1
