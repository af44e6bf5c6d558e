package repack

import (
	"bytes"
	"flag"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/d3d9"
	"github.com/shpack/shpack/internal/testenv"
	"github.com/shpack/shpack/pack"
)

var update = flag.Bool("update", false, "rewrite golden files")

func text(t testing.TB, p *d3d9.Program) string {
	t.Helper()
	var b bytes.Buffer
	require.NoError(t, d3d9.Print(&b, p))
	return b.String()
}

func parse(t testing.TB, name, src string) *d3d9.Program {
	t.Helper()
	p, err := d3d9.Parse(name, []byte(src))
	require.NoError(t, err)
	return p
}

// TestCorpus repacks every pair of corpus/repack (NAME.vsh with NAME.psh)
// and compares the programs with testdata/NAME.golden. The drawn proof
// that they compute the same is in cmd/shpack (TestRepackRenders).
func TestCorpus(t *testing.T) {
	dir := filepath.Join(testenv.Root(t), "corpus", "repack")
	files, err := filepath.Glob(filepath.Join(dir, "*.vsh"))
	require.NoError(t, err)
	require.NotEmpty(t, files)
	for _, f := range files {
		name := strings.TrimSuffix(filepath.Base(f), ".vsh")
		t.Run(name, func(t *testing.T) {
			vsrc, err := os.ReadFile(f)
			require.NoError(t, err)
			psrc, err := os.ReadFile(strings.TrimSuffix(f, ".vsh") + ".psh")
			require.NoError(t, err)
			res, err := Pair(parse(t, name+".vsh", string(vsrc)), parse(t, name+".psh", string(psrc)), name+".vsh", name+".psh", Options{Portable: true})
			require.NoError(t, err)
			assert.Less(t, res.VSLayout.GeneralRegisters(), res.Unpacked, "repacking saves a register")
			got := text(t, res.VS) + "\n" + text(t, res.PS)
			testenv.Golden(t, filepath.Join("testdata", name+".golden"), []byte(got), *update)
		})
	}
}

const twoOut = `vs_3_0
dcl_position v0
dcl_position o0
dcl_texcoord0 o1.xy
dcl_texcoord1 o2.xy
`

const twoIn = `ps_3_0
dcl_texcoord0 v0.xy
dcl_texcoord1 v1.xy
mov r0.xy, v0
mov r0.zw, v1.xxxy
mov oC0, r0
`

func TestRewrites(t *testing.T) {
	tests := []struct {
		name, vs, ps string
		portable     bool
		wantVS       string // the instructions after the declarations and defs
		wantPS       string
	}{
		{"componentwise ops move their swizzles", twoOut + "mov o0, v0\nmov o1.xy, v0.yxzw\nadd o2.xy, v0, c0.wzyx\n", twoIn, true,
			"mov o0, v0\nmov o1.xy, v0.yxzw\nadd o1.zw, v0.xxxy, c0.wwwz\n",
			"mov r0.xy, v0\nmov r0.zw, v0.zzzw\nmov oC0, r0\n"},
		{"scalar ops move their mask only", twoOut + "mov o0, v0\ndp4 o1.xy, v0, c0\nrcp o2.xy, c1.z\n", twoIn, true,
			"mov o0, v0\ndp4 o1.xy, v0, c0\nrcp o1.zw, c1.z\n", ""},
		{"fixed patterns go through a temporary, predicated copies too", twoOut + "mov o0, v0\nmov r3, c0\nsetp_gt p0, v0, c0\n(p0.y) m3x2 o1.xy, v0, c0\n(!p0.x) sincos o2.xy, c1.x\n", twoIn, true,
			"mov o0, v0\nmov r3, c0\nsetp_gt p0, v0, c0\n(p0.y) m3x2 r4.xy, v0, c0\n(p0.y) mov o1.xy, r4\n(!p0.x) sincos r4.xy, c1.x\n(!p0.x) mov o1.zw, r4.xxxy\n", ""},
		{"a write to two elements of one register splits", `vs_3_0
dcl_position v0
dcl_position o0
dcl_texcoord0 o1.xy
dcl_texcoord1 o1.zw
dcl_texcoord2 o2.xyz
dcl_texcoord3 o3.x
mov o0, v0
mov o1, v0.wzyx
mov o2.xyz, c0
mov o3.x, c1.y
`, `ps_3_0
dcl_texcoord0 v0.xy
dcl_texcoord1 v0.zw
dcl_texcoord2 v1.xyz
dcl_texcoord3 v2.x
mov r0, v0
mov r1.xyz, v1
mov r1.w, v2.x
mov oC0, r0
mov oC1, r1
`, true,
			"mov o0, v0\nmov o2.xy, v0.wzyx\nmov o2.zw, v0.wzyx\nmov o1.xyz, c0\nmov o1.w, c1.y\n",
			"mov r0, v1\nmov r1.xyz, v0\nmov r1.w, v0.w\nmov oC0, r0\nmov oC1, r1\n"},
		{"an indexed block keeps its order and its registers alone", `vs_3_0
dcl_position v0
dcl_position o0
dcl_texcoord0 o1.x
dcl_texcoord1 o2.x
dcl_texcoord2 o3.x
dcl_texcoord3 o4.xy
defi i0, 2, 0, 1, 0
mov o0, v0
mov o1.x, c0.x
loop aL, i0
mov o[aL + 2].x, c[aL].y
endloop
mov o4.xy, c0
`, `ps_3_0
dcl_texcoord0 v0.x
dcl_texcoord1 v1.x
dcl_texcoord2 v2.x
dcl_texcoord3 v3.xy
mov r0.x, v0.x
mov r0.y, v1.x
mov r0.z, v2.x
mov r0.w, v3.y
mov oC0, r0
`, true,
			"mov o0, v0\nmov o3.z, c0.x\nloop aL, i0\nmov o[aL + 1].x, c[aL].y\nendloop\nmov o3.xy, c0\n", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			res, err := Pair(parse(t, "a.vsh", tc.vs), parse(t, "a.psh", tc.ps), "a.vsh", "a.psh", Options{Strategy: pack.Optimal{}, Portable: tc.portable})
			require.NoError(t, err)
			assert.Equal(t, tc.wantVS, body(text(t, res.VS)))
			if tc.wantPS != "" {
				assert.Equal(t, tc.wantPS, body(text(t, res.PS)))
			}
		})
	}
}

// body drops the version line, the declarations and the defs.
func body(s string) string {
	var b strings.Builder
	for _, ln := range strings.SplitAfter(s, "\n") {
		if ln == "" || strings.HasPrefix(ln, "dcl") || strings.HasPrefix(ln, "def") || strings.HasPrefix(ln, "vs_") || strings.HasPrefix(ln, "ps_") {
			continue
		}
		b.WriteString(ln)
	}
	return b.String()
}

func TestErrors(t *testing.T) {
	ps := "ps_3_0\ndcl_texcoord0 v0.xy\nmov oC0, v0\n"
	tests := []struct{ name, vs, ps, want string }{
		{"old vertex model", "vs_2_0\ndcl_position v0\nmov oPos, v0\n", ps, "a.vsh:1:1: error: the vertex shader is vs_2_0: repack takes vs_3_0"},
		{"old pixel model", twoOut, "ps_2_0\ndcl t0.xy\nmov oC0, t0\n", "a.psh:1:1: error: the pixel shader is ps_2_0: repack takes ps_3_0"},
		{"undeclared write", twoOut + "mov o0, v0\nmov o1, c0\n", ps, "a.vsh:7:1: error: mov o1, c0: writes o1.zw, which no declaration covers"},
		{"mask with a gap", "vs_3_0\ndcl_position o0\ndcl_texcoord o1.xz\nmov o0, c0\n", ps, "a.vsh:3:1: error: dcl_texcoord o1.xz: the mask .xz is not one run of components: shpack cannot place it"},
		{"relative input read", twoOut + "mov o0, v0\n", "ps_3_0\ndcl_texcoord0 v0.xy\ndcl_texcoord1 v1.xy\nmov oC0, v[aL + 0]\n",
			"a.psh:4:1: error: mov oC0, v[aL]: reads v[...] with relative addressing: shpack cannot move indexed inputs yet"},
		{"input no output provides", twoOut + "mov o0, v0\n", "ps_3_0\ndcl_texcoord5 v0.xy\nmov oC0, v0\n", "pixel input TEXCOORD5"},
		{"no temporary left", twoOut + "mov o0, v0\nmov r31, c0\nsincos o1.xy, r31.x\n", ps,
			"a.vsh: error: the vertex shader uses all 32 temporary registers: none is left for moving the outputs of fixed-pattern instructions"},
		{"indexed base without a declaration", twoOut + "mov o0, v0\nloop aL, i0\nmov o[aL + 5].x, c0\nendloop\n", ps,
			"a.vsh:8:1: error: mov o[aL + 5].x, c0: o5, which this indexed write reaches, holds no single declared output"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			vs, err := d3d9.Parse("a.vsh", []byte(tc.vs))
			require.NoError(t, err)
			p, err := d3d9.Parse("a.psh", []byte(tc.ps))
			require.NoError(t, err)
			_, err = Pair(vs, p, "a.vsh", "a.psh", Options{Portable: true})
			require.Error(t, err)
			assert.Contains(t, err.Error(), tc.want)
		})
	}
}

// TestPairKeepsInputs: the programs given are not changed.
func TestPairKeepsInputs(t *testing.T) {
	vs := parse(t, "a.vsh", twoOut+"mov o0, v0\nmov o1.xy, c0\nsincos o2.xy, c1.x\n")
	ps := parse(t, "a.psh", twoIn)
	before := text(t, vs) + text(t, ps)
	_, err := Pair(vs, ps, "a.vsh", "a.psh", Options{Portable: true})
	require.NoError(t, err)
	assert.Equal(t, before, text(t, vs)+text(t, ps))
}

// TestPSizeFullMask: PSIZE declared with the whole register, as vkd3d and
// shpack itself write it (fxc writes .x), is the register's x: repacked,
// and repacked again from repack's own output.
func TestPSizeFullMask(t *testing.T) {
	vs := parse(t, "vs.asm", "vs_3_0\ndcl_position v0\ndcl_position o0\ndcl_psize o1\ndcl_texcoord0 o2.xy\ndcl_texcoord1 o3.xy\n"+
		"def c0, 1, 0.5, 0.25, 2\nmov o0, v0\nmov o1, c0.w\nmov o2.xy, c0\nmov o3.xy, c0.zwzw\n")
	ps := parse(t, "ps.asm", "ps_3_0\ndcl_texcoord0 v0.xy\ndcl_texcoord1 v1.xy\nmov oC0, v0.xyxy\nmov oC1, v1.xyxy\n")
	res, err := Pair(vs, ps, "vs.asm", "ps.asm", Options{Portable: true})
	require.NoError(t, err)
	assert.Equal(t, 1, res.VSLayout.GeneralRegisters())
	assert.Contains(t, text(t, res.VS), "dcl_psize o1\n")
	again, err := Pair(res.VS, res.PS, "vs.asm", "ps.asm", Options{Portable: true})
	require.NoError(t, err)
	assert.Equal(t, text(t, res.VS), text(t, again.VS), "repack's own output repacks to itself")
}
