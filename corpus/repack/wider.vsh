// render: 0.5 0.25 0 1 0.75 0.125 0.375 0.625
// The pixel shader declares TEXCOORD0 and TEXCOORD1 as float4 where the
// vertex shader writes two components (as DirectX SDK samples do). It
// reads TEXCOORD0.zw, which no one writes: undefined, and Wine gives 0 and
// 0. Repacked, the vertex shader writes padding there, so the packed
// register's other contents cannot show through, with Direct3D 9's values
// for missing vertex components (0, w = 1), as shpack rewrite does for
// HLSL; so the original draws rt0.w = 0, the repacked pair 1. TEXCOORD1.zw
// is declared but never read: it is dropped.
// original: fails
vs_3_0
dcl_position v0
dcl_position o0
dcl_texcoord0 o1.xy
dcl_texcoord1 o2.xy
dcl_texcoord2 o3.x
dcl_texcoord3 o4.x
def c0, 0.5, 0.25, 0.75, 0.125
def c1, 0.375, 0.625, 0, 0
mov o0, v0
mov o1.xy, c0
mov o2.xy, c0.zwzw
mov o3.x, c1.x
mov o4.x, c1.y
