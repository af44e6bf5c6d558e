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

// withoutComments drops the comment tokens (the constant table, the
// compiler's name) from bytecode: they are what Decode does not keep.
func withoutComments(t *testing.T, data []byte) []byte {
	t.Helper()
	var out []byte
	for i := 0; i+4 <= len(data); {
		tok := binary.LittleEndian.Uint32(data[i:])
		if i > 0 && tok&0xFFFF == 0xFFFE {
			i += 4 * (1 + int(tok>>16&0x7FFF))
			continue
		}
		out = append(out, data[i:i+4]...)
		i += 4
	}
	return out
}

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
// back to the same tokens, less its comments.
func TestEncodeCompiled(t *testing.T) {
	dir := t.TempDir()
	var files []string
	cases := testenv.Shared(t, "tools/d3dasm-check/cases")
	for _, f := range []string{"vs3-bytecode-vkd3d.cso", "ps3-bytecode-vkd3d.cso"} {
		files = append(files, filepath.Join(cases, f))
	}
	for _, p := range vkd3dPrograms {
		src := filepath.Join(dir, p.name+".hlsl")
		require.NoError(t, os.WriteFile(src, []byte(p.src), 0o644))
		out := filepath.Join(dir, p.name+".cso")
		_, err := vkd3d.Compile(t, dir, src, "main", p.profile, out)
		require.NoError(t, err)
		files = append(files, out)
	}
	for _, f := range files {
		data, err := os.ReadFile(f)
		require.NoError(t, err)
		p, err := Decode(f, data)
		require.NoError(t, err, f)
		got, err := Encode(p)
		require.NoError(t, err, f)
		assert.Equal(t, withoutComments(t, data), got, "%s:\n%s", f, print(t, p))
	}
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
