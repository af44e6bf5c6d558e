// render: 1 0.5 0.25 0.75 1.25 0.25 0.5 0.5
// Flow control and an output array written with relative addressing in a
// loop (o[aL + 3]): the block stays in consecutive registers. (Predicated
// writes are in predicated.vsh: Wine 8.0 mishandles them, so they are not
// drawn.)
vs_3_0
dcl_position v0
dcl_position o0
dcl_texcoord0 o1.x
dcl_texcoord1 o2.x
dcl_texcoord2 o3.x
dcl_texcoord3 o4.x
dcl_texcoord4 o5.x
dcl_texcoord5 o6.xy
defi i0, 3, 0, 1, 0
def c0, 0.25, 0.5, 1, 0
mov o0, v0
mov r0.x, c0.x
loop aL, i0
mov o[aL + 3].x, r0.x
add r0.x, r0.x, c0.y
endloop
if_lt c0.x, c0.y
mov o1.x, c0.z
else
mov o1.x, c0.w
endif
rep i0
mov o2.x, c0.y
break_ge c0.y, c0.x
mov o2.x, c0.w
endrep
mov o6.xy, c0.yxzw
