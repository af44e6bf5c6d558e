// render: 0.5 0.25 0.125 1 0.3125 0.375 0.625 0.875
// A program some other tool already packed: o1 holds two elements and one
// write fills both; o2.x and o3.yz hold one each. Repacked, the write to o1
// splits per element wherever the layout puts them. As written it does
// not draw right on Wine, which keeps only the last dcl of a register
// (rt0.x and rt0.y read 0); repacked, one dcl per register, it does.
// original: fails
vs_3_0
dcl_position v0
dcl_position o0
dcl_texcoord0 o1.xy
dcl_texcoord1 o1.zw
dcl_texcoord2 o2.x
dcl_texcoord3 o3.yz
dcl_color0 o4
def c0, 0.5, 0.25, 0.125, 1
def c1, 0.75, 0.375, 0.625, 0.875
mov o0, v0
mov o1, c0
add o2.x, c1.x, c1.w
mov o3.yz, c1
mov o4, c1.wzyx
