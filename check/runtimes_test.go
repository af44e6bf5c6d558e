package check

import (
	"math"
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/d3d9"
	"github.com/shpack/shpack/internal/testenv"
	"github.com/shpack/shpack/ir"
)

// TestReads: the components of each v# the pixel shader reads, which
// decide which values matter.
func TestReads(t *testing.T) {
	tests := []struct {
		name, body string
		want       map[int]ir.Mask
	}{
		{"mov with a mask and a swizzle", "mov r0.xy, v0.zwzw", map[int]ir.Mask{0: ir.MaskZ | ir.MaskW}},
		{"a short swizzle repeats its last letter", "mov r0.zw, v0.zw", map[int]ir.Mask{0: ir.MaskW}},
		{"dp3 reads xyz", "dp3 r0.x, v0, c0", map[int]ir.Mask{0: ir.MaskX | ir.MaskY | ir.MaskZ}},
		{"rcp reads one replicated component", "rcp r0.x, v1.y", map[int]ir.Mask{1: ir.MaskY}},
		{"2D lookup reads xy", "texld r0, v0, s0", map[int]ir.Mask{0: ir.MaskX | ir.MaskY}},
		{"2D lookup of zw", "texld r0, v0.zwxy, s0", map[int]ir.Mask{0: ir.MaskZ | ir.MaskW}},
		{"cube lookup reads xyz", "texld r0, v0, s1", map[int]ir.Mask{0: ir.MaskX | ir.MaskY | ir.MaskZ}},
		{"projected lookup reads w too", "texldp r0, v0, s0", map[int]ir.Mask{0: ir.MaskX | ir.MaskY | ir.MaskW}},
		{"texldl reads the level in w", "texldl r0, v0, s0", map[int]ir.Mask{0: ir.MaskX | ir.MaskY | ir.MaskW}},
		{"texkill reads its mask", "texkill v2", map[int]ir.Mask{2: ir.MaskXYZW}},
		{"a matrix in v# reads its rows", "m3x2 r0.xy, v0, v1", map[int]ir.Mask{0: ir.MaskX | ir.MaskY | ir.MaskZ, 1: ir.MaskX | ir.MaskY | ir.MaskZ, 2: ir.MaskX | ir.MaskY | ir.MaskZ}},
		{"relative reads reach every later register", "defi i0, 2, 0, 1, 0\nloop aL, i0\nadd r0.x, r0.x, v[aL + 1].y\nendloop", map[int]ir.Mask{1: ir.MaskY, 2: ir.MaskY}},
		{"if_gt reads one component", "if_gt v2.z, c0.x\nendif", map[int]ir.Mask{2: ir.MaskZ}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			src := "ps_3_0\ndcl_texcoord0 v0\ndcl_texcoord1 v1\ndcl_texcoord2 v2\ndcl_2d s0\ndcl_cube s1\n" + tc.body + "\n"
			got := reads(parse(t, "ps.asm", src))
			for k, m := range got { // registers read at no component do not count
				if m == 0 {
					delete(got, k)
				}
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

// TestRuntimeModels: what each model says of small pairs, reasons
// included.
func TestRuntimeModels(t *testing.T) {
	const packedVS = `vs_3_0
def c0, 0.125, 0.25, 0.375, 0.5
dcl_position v0
dcl_position o0
dcl_texcoord0 o1.xy
dcl_texcoord1 o1.zw
mov o0, v0
mov o1, c0
`
	tests := []struct {
		name, vs, ps string
		want         map[string][]Lost // runtimes not listed lose nothing
	}{
		{"packed, the pixel shader reads only the last dcl", packedVS,
			"ps_3_0\ndcl_texcoord0 v0.xy\ndcl_texcoord1 v0.zw\nmov oC0, v0.zwzw\n",
			map[string][]Lost{
				DXVK2: {{"TEXCOORD", 1, "zw", "DXVK 2 moves o1.zw to the front of the slot, and the pixel shader reads it at its own letters"}},
				DXVK3: {{"TEXCOORD", 1, "zw", "DXVK 3 reads only v0's first dcl, TEXCOORD0"}},
			}},
		{"packed, the pixel shader reads only the first dcl", packedVS,
			"ps_3_0\ndcl_texcoord0 v0.xy\ndcl_texcoord1 v0.zw\nmov oC0, v0.xyxy\n",
			map[string][]Lost{
				Wined3d: {{"TEXCOORD", 0, "xy", "wined3d keeps only v0's last dcl, TEXCOORD1: this reads 0"}},
				DXVK2:   {{"TEXCOORD", 0, "xy", "DXVK 2 stores each dcl's slot into all of v0, and the last, TEXCOORD1, overwrites this"}},
			}},
		{"a 2D lookup reads only the xy of a packed register", packedVS,
			"ps_3_0\ndcl_texcoord0 v0.xy\ndcl_texcoord1 v0.zw\ndcl_2d s0\ntexld r0, v0.zwxy, s0\nmov oC0, r0\n",
			map[string][]Lost{
				DXVK2: {{"TEXCOORD", 1, "zw", "DXVK 2 moves o1.zw to the front of the slot, and the pixel shader reads it at its own letters"}},
				DXVK3: {{"TEXCOORD", 1, "zw", "DXVK 3 reads only v0's first dcl, TEXCOORD0"}},
			}},
		{"the vertex side keeps the last dcl", `vs_3_0
def c0, 0.125, 0.25, 0.375, 0.5
dcl_position v0
dcl_position o0
dcl_texcoord1 o1.zw
dcl_texcoord0 o1.xy
mov o0, v0
mov o1, c0
`, "ps_3_0\ndcl_texcoord1 v0.zw\nmov oC0, v0\n",
			map[string][]Lost{
				Wined3d:    {{"TEXCOORD", 1, "zw", "wined3d keeps only o1's last dcl, TEXCOORD0: this is not passed and reads 0"}},
				MojoShader: {{"TEXCOORD", 1, "zw", "MojoShader links v0 by its last dcl, TEXCOORD1, and no vertex register's last dcl is TEXCOORD1"}},
				DXVK2:      {{"TEXCOORD", 1, "zw", "DXVK 2 moves o1.zw to the front of the slot, and the pixel shader reads it at its own letters"}},
			}},
		{"MojoShader: the whole register of the same last dcl", `vs_3_0
def c0, 0.125, 0.25, 0.375, 0.5
dcl_position v0
dcl_position o0
dcl_texcoord0 o1.xy
dcl_texcoord1 o1.zw
dcl_texcoord2 o2.xy
dcl_texcoord3 o2.zw
mov o0, v0
mov o1, c0
mov o2, c0
`, "ps_3_0\ndcl_texcoord0 v0.xy\ndcl_texcoord1 v0.zw\ndcl_texcoord3 v1.zw\nmov oC0, v0\nmov oC1, v1\n",
			map[string][]Lost{
				Wined3d: {{"TEXCOORD", 0, "xy", "wined3d keeps only v0's last dcl, TEXCOORD1: this reads 0"}},
				DXVK2: {
					{"TEXCOORD", 0, "xy", "DXVK 2 stores each dcl's slot into all of v0, and the last, TEXCOORD1, overwrites this"},
					{"TEXCOORD", 1, "zw", "DXVK 2 moves o1.zw to the front of the slot, and the pixel shader reads it at its own letters"},
					{"TEXCOORD", 3, "zw", "DXVK 2 moves o2.zw to the front of the slot, and the pixel shader reads it at its own letters"},
				},
				DXVK3: {
					{"TEXCOORD", 1, "zw", "DXVK 3 reads only v0's first dcl, TEXCOORD0"},
					{"TEXCOORD", 3, "zw", "DXVK 3 writes only o2's first dcl, TEXCOORD2"},
				},
			}},
		{"MojoShader: FOG does not link", `vs_3_0
def c0, 0.125, 0.25, 0.375, 0.5
dcl_position v0
dcl_position o0
dcl_texcoord0 o1
dcl_fog o2.x
mov o0, v0
mov o1, c0
mov o2.x, c0.x
`, "ps_3_0\ndcl_texcoord0 v0\ndcl_fog v1.x\nmov oC0, v0\nmov oC1, v1.x\n",
			map[string][]Lost{
				MojoShader: {
					{"TEXCOORD", 0, "xyzw", "the program does not link: MojoShader reads v1 (last dcl FOG0) from the varying io_11_0, and the vertex shader writes FOG0 to gl_FogFragCoord, a float"},
					{"FOG", 0, "x", "the program does not link: MojoShader reads v1 (last dcl FOG0) from the varying io_11_0, and the vertex shader writes FOG0 to gl_FogFragCoord, a float"},
				},
			}},
		{"MojoShader: a FOG the pixel shader declares but does not read", `vs_3_0
def c0, 0.125, 0.25, 0.375, 0.5
dcl_position v0
dcl_position o0
dcl_texcoord0 o1
dcl_fog o2.x
mov o0, v0
mov o1, c0
mov o2.x, c0.x
`, "ps_3_0\ndcl_texcoord0 v0\ndcl_fog v1.x\nmov oC0, v0\n", nil},
		{"MojoShader: COLOR0 and COLOR1 are clamped, COLOR2 is not", `vs_3_0
def c0, 0.125, 0.25, 0.375, 0.5
dcl_position v0
dcl_position o0
dcl_color0 o1
dcl_color1 o2.xy
dcl_color2 o3
mov o0, v0
mov o1, c0
mov o2.xy, c0
mov o3, c0
`, "ps_3_0\ndcl_color0 v0\ndcl_color1 v1.xy\ndcl_color2 v2\nmov oC0, v0\nmov oC1, v1.xyxy\nmov oC2, v2\n",
			map[string][]Lost{
				MojoShader: {
					{"COLOR", 0, "xyzw", "COLOR is clamped to [0, 1]"},
					{"COLOR", 1, "xy", "COLOR is clamped to [0, 1]"},
				},
			}},
		{"MojoShader: a centroid input does not compile", `vs_3_0
dcl_position v0
dcl_position o0
dcl_texcoord0 o1
mov o0, v0
mov o1, v0
`, "ps_3_0\ndcl_texcoord0_centroid v0.xy\nmov oC0, v0.xyxy\n",
			map[string][]Lost{
				MojoShader: {{"TEXCOORD", 0, "xy", "the pixel shader does not compile: MojoShader's GLSL takes no centroid input (v0)"}},
			}},
		{"invalid letters: TEXCOORD1 at o1.zw, read at v1.xy (packed → unpacked)", packedVS,
			"ps_3_0\ndcl_texcoord1 v1.xy\nmov oC0, v1.xyxy\n",
			map[string][]Lost{
				Wined3d:    {{"TEXCOORD", 1, "xy", "wined3d links TEXCOORD1 letter by letter, and the pixel shader declares it at v1.xy, the vertex shader at o1.zw"}},
				MojoShader: {{"TEXCOORD", 1, "xy", "MojoShader links TEXCOORD1 letter by letter, and the pixel shader declares it at v1.xy, the vertex shader at o1.zw"}},
				DXVK3:      {{"TEXCOORD", 1, "xy", "DXVK 3 writes only o1's first dcl, TEXCOORD0"}},
			}},
		{"invalid letters: a float3 at o1.xyz, read at v0.yzw (unpacked → packed)", `vs_3_0
def c0, 0.125, 0.25, 0.375, 0.5
dcl_position v0
dcl_position o0
dcl_texcoord2 o1.xyz
mov o0, v0
mov o1.xyz, c0
`, "ps_3_0\ndcl_texcoord2 v0.yzw\nmov oC0, v0\n",
			map[string][]Lost{
				Wined3d:    {{"TEXCOORD", 2, "yzw", "wined3d links TEXCOORD2 letter by letter, and the pixel shader declares it at v0.yzw, the vertex shader at o1.xyz"}},
				MojoShader: {{"TEXCOORD", 2, "yzw", "MojoShader links TEXCOORD2 letter by letter, and the pixel shader declares it at v0.yzw, the vertex shader at o1.xyz"}},
				DXVK2:      {{"TEXCOORD", 2, "yzw", "DXVK 2 moves o1.xyz to the front of the slot, and the pixel shader reads it at its own letters"}},
				DXVK3:      {{"TEXCOORD", 2, "yzw", "DXVK 3 links TEXCOORD2 letter by letter, and the pixel shader declares it at v0.yzw, the vertex shader at o1.xyz"}},
			}},
		{"a semantic the vertex shader does not write is lost everywhere", `vs_3_0
dcl_position v0
dcl_position o0
dcl_texcoord0 o1.xy
mov o0, v0
mov o1.xy, v0
`, "ps_3_0\ndcl_texcoord0 v0.xyz\nmov oC0, v0.xyzz\n",
			map[string][]Lost{
				Wined3d:    {{"TEXCOORD", 0, "z", "the vertex shader writes TEXCOORD0 at .xy only"}},
				MojoShader: {{"TEXCOORD", 0, "z", "the vertex shader writes TEXCOORD0 at .xy only"}},
				DXVK2:      {{"TEXCOORD", 0, "z", "the vertex shader writes TEXCOORD0 at .xy only"}},
				DXVK3:      {{"TEXCOORD", 0, "z", "the vertex shader writes TEXCOORD0 at .xy only"}},
			}},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			r := Programs(parse(t, "vs.asm", tc.vs), parse(t, "ps.asm", tc.ps), "vs.asm", "ps.asm")
			for _, name := range RuntimeNames() {
				want := tc.want[name]
				if want == nil {
					want = []Lost{}
				}
				assert.Equal(t, want, r.Lost(name), name)
			}
		})
	}
}

// readmeRow is a row of the render tools' results tables: a pair of
// ../shared/tools/mojoshader-gl-check/tests (which holds the
// d3d9-render-check shaders too), whether its linkage is valid, and the
// values of 8 that each runtime drew right; linkError: MojoShader's link
// failed; unknown: not measured.
type readmeRow struct {
	vs, ps               string
	valid                bool
	wined3d, dxvk2, mojo int
}

const (
	linkError = -1
	unknown   = -2
)

// readmeRows are the tables of d3d9-render-check's README (wined3d, DXVK
// 2.0) and mojoshader-gl-check's (MojoShader glsl120), row by row.
var readmeRows = []readmeRow{
	{"unpacked", "unpacked", true, 8, 8, linkError},
	{"split", "split", true, 8, 3, linkError},
	{"packed", "packed", true, 5, 0, 8},
	{"packed_reversed", "packed", true, 0, 0, 0},
	{"packed", "split", false, 5, 3, linkError},
	{"split", "packed", false, 5, 0, 5},
	{"unpacked", "packed", false, 0, 0, 0},
	{"packed", "unpacked", false, 0, 8, linkError},
	{"split", "mismatch", false, 6, 5, linkError},
	{"packed", "mismatch", false, 3, 5, linkError},
	{"unpacked_nofog", "unpacked_nofog", true, unknown, unknown, 8},
	{"split_nofog", "split_nofog", true, unknown, unknown, 8},
	{"packed_nofog", "packed_nofog", true, unknown, unknown, 8},
	{"packed_reversed_nofog", "packed_nofog", true, unknown, unknown, 0},
	{"packed_nofog", "unpacked_nofog", false, unknown, unknown, 0},
	{"portable", "portable", true, unknown, unknown, 8},
}

func readmePair(t *testing.T, row readmeRow) (vs, ps *d3d9.Program) {
	dir := testenv.Shared(t, "tools/mojoshader-gl-check/tests")
	read := func(name string) *d3d9.Program {
		src, err := os.ReadFile(filepath.Join(dir, name+".asm"))
		require.NoError(t, err)
		return parse(t, name+".asm", string(src))
	}
	return read("vs_" + row.vs), read("ps_" + row.ps)
}

// TestModelsMatchREADME checks the check against the README tables: a pair
// whose linkage is invalid has a linkage problem; on every pair, valid or
// not, each runtime's model loses exactly the values the runtime drew
// wrong (all 8 when MojoShader's link failed). DXVK's column is 2.0's,
// which 2.6.2 draws alike (issue 40: the model lost packed → unpacked's
// values, which DXVK draws right, 8/8).
func TestModelsMatchREADME(t *testing.T) {
	for _, row := range readmeRows {
		t.Run(row.vs+"/"+row.ps, func(t *testing.T) {
			vs, ps := readmePair(t, row)
			r := Programs(vs, ps, "vs.asm", "ps.asm")
			if !row.valid {
				assert.NotEmpty(t, r.Problems, "an invalid pair has a linkage problem")
			} else {
				assert.Empty(t, problemLines(r))
			}
			for name, drawn := range map[string]int{Wined3d: row.wined3d, DXVK2: row.dxvk2, MojoShader: row.mojo} {
				switch drawn {
				case unknown:
					continue
				case linkError:
					drawn = 0
				}
				assert.Equal(t, 8-drawn, lostValues(r.Lost(name)), "%s: %v", name, r.Lost(name))
			}
		})
	}
}

func lostValues(lost []Lost) int {
	n := 0
	for _, l := range lost {
		n += len(l.Components)
	}
	return n
}

// TestRuntimeRulesReplayREADME runs the three runtimes' rules as the
// runtime-model comment states them on every row of the README tables,
// valid or not: the programs are interpreted (their movs from def
// constants), the values each rule delivers to the pixel shader's v#
// registers give its render targets, and the values that match the
// expectation are the README's count: DXVK 2 drawing packed → unpacked
// right (8/8) and mismatch's texcoord1 right (5/8) follow from the slot
// compaction. TestModelsMatchREADME holds the check's own lists to the
// same counts.
func TestRuntimeRulesReplayREADME(t *testing.T) {
	want := []float64{0.125, 0.25, 0.375, 0.5, 0.625, 1.25, 2.5, -3}
	for _, row := range readmeRows {
		t.Run(row.vs+"/"+row.ps, func(t *testing.T) {
			vsp, psp := readmePair(t, row)
			vs, ps := newStage(vsp, "vs.asm"), newStage(psp, "ps.asm")
			out := interpret(t, vsp, nil)
			for name, drawn := range map[string]int{Wined3d: row.wined3d, DXVK2: row.dxvk2, MojoShader: row.mojo} {
				if drawn == unknown {
					continue
				}
				var in map[int][4]float64
				switch name {
				case Wined3d:
					in = wined3dInputs(vs, ps, out)
				case DXVK2:
					in = dxvk2Inputs(vs, ps, out)
				case MojoShader:
					if why := mojoRefuses(vs, ps, reads(psp)); why != "" {
						assert.Equal(t, linkError, drawn, "%s: %s", name, why)
						continue
					}
					in = mojoInputs(vs, ps, out)
				}
				rt := interpret(t, psp, in)
				matched := 0
				for i, w := range want {
					if math.Abs(rt[i/4][i%4]-w) < 1e-6 {
						matched++
					}
				}
				assert.Equal(t, drawn, matched, "%s: render targets %v", name, rt)
			}
		})
	}
}

// interpret runs a program made of movs: a vertex shader's outputs (o#
// by number) from its def constants, or a pixel shader's render targets
// (oC# by number) from the inputs given.
func interpret(t *testing.T, p *d3d9.Program, inputs map[int][4]float64) map[int][4]float64 {
	consts := map[int][4]float64{}
	out := map[int][4]float64{}
	for _, in := range p.Insts {
		switch {
		case in.Op == d3d9.OpDef:
			var v [4]float64
			for i, bits := range in.Def {
				v[i] = float64(math.Float32frombits(bits))
			}
			consts[in.Dst.Num] = v
		case in.Op == d3d9.OpMov:
			var src [4]float64
			switch s := in.Srcs[0]; s.Type {
			case d3d9.RegConst:
				src = consts[s.Num]
			case d3d9.RegInput:
				src = inputs[s.Num]
			}
			d := out[in.Dst.Num]
			for c := range 4 {
				if in.Dst.Mask&(1<<c) != 0 {
					d[c] = src[in.Srcs[0].Swizzle[c]]
				}
			}
			out[in.Dst.Num] = d
		case in.Op.IsDecl():
		default:
			t.Fatalf("interpret: %s", p.InstString(in))
		}
	}
	return out
}

// wined3dInputs: one element per register on each side, the last dcl;
// a semantic carries the letters both have.
func wined3dInputs(vs, ps *stage, out map[int][4]float64) map[int][4]float64 {
	in := map[int][4]float64{}
	for reg := range ps.byReg {
		d := ps.last(reg)
		e := vs.bySem[d.sem]
		var v [4]float64
		if e != nil && vs.last(e.reg) == e {
			for c := range 4 {
				if d.mask&e.mask&(1<<c) != 0 {
					v[c] = out[e.reg][c]
				}
			}
		}
		in[reg] = v
	}
	return in
}

// dxvk2Inputs: a slot per semantic holding its vertex components from .x
// on; each pixel dcl stores its slot into the whole register.
func dxvk2Inputs(vs, ps *stage, out map[int][4]float64) map[int][4]float64 {
	in := map[int][4]float64{}
	for _, d := range ps.decls {
		var slot [4]float64
		if e := vs.bySem[d.sem]; e != nil {
			i := 0
			for c := range 4 {
				if e.mask&(1<<c) != 0 {
					slot[i] = out[e.reg][c]
					i++
				}
			}
		}
		in[d.reg] = slot
	}
	return in
}

// mojoInputs: a pixel register is the whole vertex register whose last
// dcl is its last dcl (0 if none), clamped for COLOR0 and COLOR1.
func mojoInputs(vs, ps *stage, out map[int][4]float64) map[int][4]float64 {
	in := map[int][4]float64{}
	for reg := range ps.byReg {
		last := ps.last(reg).sem
		var v [4]float64
		if vr := mojoRegister(vs, last); vr >= 0 {
			v = out[vr]
			if mojoVarying(last, true).clamped {
				for c := range v {
					v[c] = min(max(v[c], 0), 1)
				}
			}
		}
		in[reg] = v
	}
	return in
}
