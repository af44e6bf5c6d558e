package d3d9

import (
	"encoding/binary"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/testenv"
	"github.com/shpack/shpack/internal/vkd3d"
)

// vkd3dPrograms are HLSL sources that make the compiler use what the
// encoder must get right: flow control with its comparisons, loops and
// their registers, relative constant addressing, samplers, texture reads
// with a level, partial masks and swizzles, source modifiers, saturate.
var vkd3dPrograms = []struct{ name, profile, src string }{
	{"loops", "vs_3_0", `
float4 k[8];
int n;
struct O { float4 p : POSITION; float3 a : TEXCOORD0; float2 b : TEXCOORD1; };
O main(float4 p : POSITION, float4 t : TEXCOORD0) {
	O o;
	o.p = p;
	float3 s = 0;
	for (int i = 0; i < 4; i++) s += k[i].xyz * t.w;
	if (t.x > 0.5) s = -abs(s); else s = normalize(s);
	o.a = s;
	o.b = k[(int)t.y].zx;
	return o;
}`},
	{"texture", "ps_3_0", `
sampler2D s0;
samplerCUBE s1;
float4 main(float2 t : TEXCOORD0, float3 n : TEXCOORD1, float4 c : COLOR0) : COLOR0 {
	float4 a = tex2Dlod(s0, float4(t, 0, 1));
	float4 b = texCUBE(s1, n);
	clip(a.w - 0.5);
	return saturate(a * b + c.wzyx * ddx(t.x));
}`},
	{"matrices", "vs_3_0", `
float4x4 wvp;
float3x3 nm;
struct O { float4 p : POSITION; float3 n : NORMAL; float f : FOG; float4 c : COLOR1; };
O main(float4 p : POSITION, float3 n : NORMAL) {
	O o;
	o.p = mul(p, wvp);
	o.n = mul(n, nm);
	float2 sc;
	sincos(n.x, sc.x, sc.y);
	o.f = pow(abs(sc.x), 3) + log(abs(n.y) + 1);
	o.c = lit(n.x, n.y, 8);
	return o;
}`},
}

// TestEncodeCompiled: bytecode a real compiler wrote decodes and encodes
// back to the same tokens, its comments (the constant table) included:
// vkd3d's programs of ../shared/tools/d3dasm-check, and, with
// VKD3D_COMPILER set, programs it compiles here.
func TestEncodeCompiled(t *testing.T) {
	cases := testenv.Shared(t, "tools/d3dasm-check/cases")
	same := func(t *testing.T, f string) {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		p, err := Decode(f, data)
		require.NoError(t, err, f)
		assert.True(t, p.HasCTAB(), "%s: the compiler's constant table", f)
		got, err := Encode(p)
		require.NoError(t, err, f)
		assert.Equal(t, data, got, "%s:\n%s", f, print(t, p))
	}
	for _, f := range []string{"vs3-bytecode-vkd3d.cso", "ps3-bytecode-vkd3d.cso"} {
		same(t, filepath.Join(cases, f))
	}
	t.Run("vkd3d", func(t *testing.T) {
		dir := testenv.TempDir(t)
		for _, p := range vkd3dPrograms {
			src := filepath.Join(dir, p.name+".hlsl")
			require.NoError(t, os.WriteFile(src, []byte(p.src), 0o644))
			out := filepath.Join(dir, p.name+".cso")
			_, err := vkd3d.Compile(t, dir, src, "main", p.profile, out)
			require.NoError(t, err)
			same(t, out)
		}
	})
}

// TestEncodeParsed: what the parser reads encodes to bytecode that decodes
// to the same program, for what the text form leaves out of MojoShader's
// reach too (predicates, relative destinations).
func TestEncodeParsed(t *testing.T) {
	srcs := []string{
		`vs_3_0
dcl_position v0
dcl_texcoord3 v1
dcl_position o0
dcl_texcoord o1.xy
dcl_texcoord1 o2
dcl_texcoord2 o3
defi i0, 2, 0, 1, 0
defb b1, true
def c10, 0.5, -1, 2, 0
mova a0.xy, v1
mov o0, c[a0.y + 3]
setp_ge p0.xz, v1, c10.x
(!p0.z) mov o1.xy, -v1_abs.wzyx
loop aL, i0
(p0.x) add o[aL + 2].yzw, c[aL + 1], v0
endloop
if b1
m4x4 r0, v0, c0
else
sincos r0.xy, v1.x
endif
callnz l3, !p0.y
ret
label l3
ret
`,
		`ps_3_0
dcl_texcoord_centroid v0.xy
dcl_color1_pp v1
dcl vPos.xy
dcl vFace
dcl_volume s2
texldl r0, v0.xyyy, s2
texldd r1, v0, s2, v1, v1.y
mad_sat_pp r0.xyz, -r0_abs.yzxw, c0.x, 1-r1.z
mov_x2 r2, r0_bx2
if_gt vFace, c0.x
texkill r0
endif
mov oC0, r0
mov oDepth, r1.x
`,
	}
	for _, src := range srcs {
		p, err := Parse("a.asm", []byte(src))
		require.NoError(t, err)
		data, err := Encode(p)
		require.NoError(t, err)
		q, err := Decode("a.cso", data)
		require.NoError(t, err)
		assert.Equal(t, print(t, p), print(t, q))
	}
}

func TestEncodeRefusesOldModels(t *testing.T) {
	p, err := Decode("a.cso", []byte{0x01, 0x02, 0xFE, 0xFF, 0xFF, 0xFF, 0, 0})
	require.NoError(t, err, "vs_2_1 is read")
	p.Major, p.Minor = 1, 1
	_, err = Encode(p)
	assert.EqualError(t, err, "d3d9: vs_1_1: only Shader Model 2 and 3 programs are encoded")
}

// TestEncodeKeepsComments: the comment blocks of bytecode (a compiler's
// constant table) come back after the version token, token for token, so
// a repacked program keeps the CTAB runtimes read.
func TestEncodeKeepsComments(t *testing.T) {
	ctab := []uint32{CTAB, 0x1c, 0x23, 0xfffe0300}
	toks := []uint32{0xfffe0300, uint32(OpComment) | uint32(len(ctab))<<16}
	toks = append(toks, ctab...)
	toks = append(toks,
		uint32(OpDcl)|2<<24, 0x80000000, 0xe00f0000, // dcl_position o0
		uint32(OpMov)|2<<24, 0xe00f0000, 0xa0e40000, // mov o0, c0
		uint32(OpEnd))
	data := make([]byte, 4*len(toks))
	for i, tk := range toks {
		binary.LittleEndian.PutUint32(data[4*i:], tk)
	}
	p, err := Decode("t.cso", data)
	require.NoError(t, err)
	require.Equal(t, [][]uint32{ctab}, p.Comments)
	assert.True(t, p.HasCTAB())
	out, err := Encode(p)
	require.NoError(t, err)
	assert.Equal(t, data, out)
}
