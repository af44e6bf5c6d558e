; expect: 0.375 0.5 0.375 0.5
; Two semantics in one register on both sides; the pixel shader reads only
; TEXCOORD1, the last dcl of its register on both sides: wined3d keeps
; exactly that one, so every value read arrives there.
vs_3_0
def c0, 0.125, 0.25, 0.375, 0.5
dcl_position v0
dcl_position o0
dcl_texcoord0 o1.xy
dcl_texcoord1 o1.zw
mov o0, v0
mov o1.xy, c0.xy
mov o1.zw, c0
