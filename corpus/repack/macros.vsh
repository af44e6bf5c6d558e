// render: 0.5 0.25 0.125 1 0 0.5 0.0625 1 0.6 0 0.8 0.5 0.125 0.25 1 1
// Instructions whose components follow fixed patterns (m3x3, sincos, lit,
// nrm, crs), a scalar one (dp4) and a partial mask at other letters with a
// swizzle. Seven outputs of one register each; repacked they take fewer.
vs_3_0
dcl_position v0
dcl_position o0
dcl_texcoord0 o1.xyz
dcl_texcoord1 o2.xy
dcl_texcoord2 o3
dcl_texcoord3 o4.xyz
dcl_texcoord4 o5.x
dcl_texcoord5 o6.yz
dcl_texcoord6 o7.xyz
def c0, 1, 0, 0, 0
def c1, 0, 1, 0, 0
def c2, 0, 0, 1, 0
def c3, 0.5, 0.25, 0.125, 2
def c4, 0, 0, 0, 0
def c5, 0.5, 0.25, 0, 2
def c6, 3, 0, 4, 0
mov o0, v0
m3x3 o1.xyz, c3, c0
sincos o2.xy, c4.x
lit o3, c5
nrm o4.xyz, c6
dp4 o5.x, c3, c0
mov o6.yz, c3.wzyx
crs o7.xyz, c0, c1
