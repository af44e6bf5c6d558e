; expect: 0.125 0.25 0.125 0.25
; TEXCOORD5 shares o1 with TEXCOORD6, the register's last dcl; the pixel
; shader declares TEXCOORD5 alone (linkage is valid). wined3d keeps only
; TEXCOORD6 of o1; MojoShader reads v0 from the varying io_5_5, which no
; vertex register is (o1 is io_5_6), and GL does not link.
vs_3_0
def c0, 0.125, 0.25, 0.375, 0.5
dcl_position v0
dcl_position o0
dcl_texcoord5 o1.xy
dcl_texcoord6 o1.zw
mov o0, v0
mov o1.xy, c0.xy
mov o1.zw, c0
