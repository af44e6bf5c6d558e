// render: same
// Predicated writes to outputs that move: the write mask moves, and the
// predicate's swizzle with it. Wine 8.0 mishandles predicated writes to
// output registers (TEXCOORD1, set to 0.5 under p0.x, reads 0 there), in
// the original as in the repacked program, so the test checks that both
// draw the same pixels rather than the values.
vs_3_0
dcl_position v0
dcl_position o0
dcl_texcoord0 o1.xy
dcl_texcoord1 o2.x
dcl_texcoord2 o3.xyz
def c0, 0.25, 0.5, 1, 0
mov o0, v0
mov o1.xy, c0
setp_gt p0.x, c0.y, c0.x
(p0.x) mov o2.x, c0.y
(!p0.x) mov o2.x, c0.w
(p0) m3x3 o3.xyz, c0, c0
