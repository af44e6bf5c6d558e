package main

import (
	"encoding/json"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/corpus"
	"github.com/shpack/shpack/emit"
	"github.com/shpack/shpack/internal/asmcheck"
	"github.com/shpack/shpack/internal/runtimes"
	"github.com/shpack/shpack/internal/testenv"
	"github.com/shpack/shpack/internal/vkd3d"
	"github.com/shpack/shpack/internal/winecompile"
)

// The render proof: portable layouts are drawn on a real Direct3D 9 runtime
// (Wine's wined3d on Mesa's llvmpipe, through ../shared/tools/
// d3d9-render-check), with a vertex shader that writes a distinct constant
// into every component of every member and a pixel shader that copies every
// member's components into the four render targets (16 values per render,
// several renders for larger signatures). The plain packed layout of the
// same signatures is drawn too, to show that Wine loses data there.

// renderSignatures are corpus files with six or more members of mixed sizes
// (the default struct of each is drawn). renderHLSL are those drawn through
// --format=hlsl: float members with plain names, since Wine's HLSL compiler
// cannot convert integers or handle matrices (its README).
var (
	renderSignatures = []string{
		"array_size_constants.hlsl", "indexed_array.hlsl", "matrices.hlsl",
		"strategy_four_counts.hlsl", "typedef_types.hlsl", "usages_all_outputs.hlsl",
	}
	renderHLSL     = []string{"scalars_overflow_fxc.hlsl", "strategy_four_counts.hlsl"}
	renderPackLoss = []string{"strategy_four_counts.hlsl", "usages_all_outputs.hlsl"}
)

// renderTool returns the runtimes every render test draws on (Wine's
// wined3d and MojoShader's OpenGL path; DXVK too with D3D9CHECK_DLL), each
// checked to be installed: a test skips when one is missing and CI is
// unset, and fails when CI is set (.ci/run installs them).
func renderTool(t *testing.T) []runtimes.Runtime {
	t.Helper()
	return runtimes.All()
}

// renderResult is what one render reported on every runtime: pass when
// each drew every value.
type renderResult struct {
	pass           bool
	matched, total int // the worst runtime's
	output         string
	each           []runtimes.Result
}

// render draws one vertex/pixel pair on every runtime of tools and
// compares the render targets with want (at most 16 values).
func render(t *testing.T, tools []runtimes.Runtime, vs, ps string, want []float64, args ...string) renderResult {
	t.Helper()
	res := renderResult{pass: true, matched: -1}
	var out strings.Builder
	for _, rt := range tools {
		r := rt.Draw(t, vs, ps, want, args...)
		res.each = append(res.each, r)
		res.pass = res.pass && r.Pass
		if res.matched < 0 || r.Matched < res.matched {
			res.matched, res.total = r.Matched, r.Total
		}
		fmt.Fprintf(&out, "--- %s\n%s", r, r.Output)
	}
	res.output = out.String()
	return res
}

// value is the distinct constant component k of a signature carries:
// quarters above 1, every third one negative, exact in floating point and
// outside [0, 1] so that clamping would show; a COLOR member's are eighths inside
// [0, 1], since MojoShader's GLSL path clamps COLOR (the runtime's rule for
// every program: the original's colours are clamped there too), so that a
// packed register declared COLOR for other members would show.
func value(semantic string, k int) float64 {
	if strings.EqualFold(semantic, "COLOR") {
		return float64(k%8+1) / 8
	}
	v := 1 + float64(k+1)*0.25
	if k%3 == 2 {
		v = -v
	}
	return v
}

// slot is one member component to check: where the vertex shader writes it
// and where the pixel shader reads it.
type slot struct {
	value  float64
	vsReg  string // "o3"
	vsComp int
	psReg  string // "v1"
	psComp int
}

const xyzw = "xyzw"

// slots lists every general member component of a linked pair, in element
// order, with its value.
func slots(vs, ps emit.LayoutJSON) []slot {
	var out []slot
	k := 0
	for i, e := range vs.Elements {
		p := ps.Elements[i]
		if p.Register == "" || !strings.HasPrefix(p.Register, "v") || strings.HasPrefix(p.Register, "vP") || strings.HasPrefix(p.Register, "vF") {
			continue
		}
		for c := range e.Components {
			out = append(out, slot{
				value: value(e.Semantic, k), vsReg: e.Register, vsComp: strings.IndexByte(xyzw, e.Mask[0]) + c,
				psReg: p.Register, psComp: strings.IndexByte(xyzw, p.Mask[0]) + c,
			})
			k++
		}
	}
	return out
}

// vertexShader writes every slot's value: one def per output register with
// the values at their components, and one mov per element with the full
// source register (a short source swizzle would repeat its last letter).
func vertexShader(asm string, vs emit.LayoutJSON, ss []slot) string {
	vals := map[string]*[4]float64{}
	for _, s := range ss {
		if vals[s.vsReg] == nil {
			vals[s.vsReg] = new([4]float64)
		}
		vals[s.vsReg][s.vsComp] = s.value
	}
	var defs, movs strings.Builder
	defs.WriteString("dcl_position v0\n")
	creg := 0
	cOf := map[string]int{}
	for _, e := range vs.Elements {
		switch {
		case e.Semantic == "POSITION" && e.Index == 0:
			fmt.Fprintf(&movs, "mov %s, v0\n", e.Register)
			continue
		case e.Semantic == "PSIZE":
			fmt.Fprintf(&movs, "mov %s, c%d\n", e.Register, 0)
			continue
		}
		c, ok := cOf[e.Register]
		if !ok {
			creg++
			c = creg
			cOf[e.Register] = c
			v := vals[e.Register]
			if v == nil {
				v = new([4]float64) // a register no slot reads
			}
			fmt.Fprintf(&defs, "def c%d, %g, %g, %g, %g\n", c, v[0], v[1], v[2], v[3])
		}
		dst := e.Register
		if e.Mask != xyzw {
			dst += "." + e.Mask
		}
		fmt.Fprintf(&movs, "mov %s, c%d\n", dst, c)
	}
	version, dcls, _ := strings.Cut(asm, "\n")
	return version + "\ndef c0, 1, 1, 1, 1\n" + defs.String() + dcls + movs.String()
}

// pixelShaders copies the slots into the render targets, 16 per shader, and
// returns each shader with the values it should render.
func pixelShaders(asm string, ss []slot) (shaders []string, wants [][]float64) {
	for start := 0; start < len(ss); start += 16 {
		batch := ss[start:min(start+16, len(ss))]
		var body strings.Builder
		body.WriteString("def c0, 0, 0, 0, 0\n")
		for r := range 4 {
			fmt.Fprintf(&body, "mov r%d, c0\n", r)
		}
		want := make([]float64, 16)
		for i, s := range batch {
			fmt.Fprintf(&body, "mov r%d.%c, %s.%c\n", i/4, xyzw[i%4], s.psReg, xyzw[s.psComp])
			want[i] = s.value
		}
		for r := range 4 {
			fmt.Fprintf(&body, "mov oC%d, r%d\n", r, r)
		}
		version, dcls, _ := strings.Cut(asm, "\n")
		shaders = append(shaders, version+"\n"+dcls+body.String())
		wants = append(wants, want)
	}
	return shaders, wants
}

// linkCorpus links the default struct of a corpus file with itself and
// returns both layouts and both assembly blocks.
func linkCorpus(t *testing.T, dir, name string, extra ...string) (vs, ps emit.LayoutJSON, vsAsm, psAsm string) {
	src, err := fs.ReadFile(corpus.FS(), name)
	require.NoError(t, err)
	args := append(append([]string{"link"}, extra...), corpus.Args(src)...)
	args = append(args, filepath.Join(testenv.Root(t), "corpus", name))
	code, js, stderr := shpackRun(append(slices.Clone(args), "--format=json")...)
	require.Equal(t, 0, code, stderr)
	var pair struct{ VS, PS emit.LayoutJSON }
	require.NoError(t, json.Unmarshal([]byte(js), &pair))
	vsFile, psFile := filepath.Join(dir, "vs.asm"), filepath.Join(dir, "ps.asm")
	code, _, stderr = shpackRun(append(slices.Clone(args), "--vs-out="+vsFile, "--ps-out="+psFile)...)
	require.Equal(t, 0, code, stderr)
	v, err := os.ReadFile(vsFile)
	require.NoError(t, err)
	p, err := os.ReadFile(psFile)
	require.NoError(t, err)
	return pair.VS, pair.PS, string(v), string(p)
}

// renderLinked links corpus signature name with the extra flags, writes a
// vertex shader that fills every slot and the pixel shaders that check
// them, and renders each pair.
func renderLinked(t *testing.T, tool []runtimes.Runtime, name string, extra ...string) ([]slot, []renderResult) {
	dir := testenv.TempDir(t)
	vs, ps, vsAsm, psAsm := linkCorpus(t, dir, name, extra...)
	ss := slots(vs, ps)
	require.NotEmpty(t, ss)
	vsFile := filepath.Join(dir, "vs_test.asm")
	require.NoError(t, os.WriteFile(vsFile, []byte(vertexShader(vsAsm, vs, ss)), 0o644))
	shaders, wants := pixelShaders(psAsm, ss)
	var results []renderResult
	for i, p := range shaders {
		psFile := filepath.Join(dir, fmt.Sprintf("ps_test%d.asm", i))
		require.NoError(t, os.WriteFile(psFile, []byte(p), 0o644))
		results = append(results, render(t, tool, vsFile, psFile, wants[i]))
	}
	return ss, results
}

// TestRenderPortable draws the portable layouts of corpus signatures on
// Wine and checks every value, and shows that the plain packed layouts of
// some of them lose data there.
func TestRenderPortable(t *testing.T) {
	testenv.Heavy(t)
	tool := renderTool(t)
	var mu sync.Mutex
	values, renders := 0, 0
	t.Cleanup(func() { t.Logf("portable: %d renders, %d values checked", renders, values) })
	for _, name := range renderSignatures {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			ss, results := renderLinked(t, tool, name, "--portable")
			mu.Lock()
			defer mu.Unlock()
			for i, res := range results {
				assert.True(t, res.pass, "%s render %d: %d of %d values\n%s", name, i, res.matched, res.total, res.output)
				values += res.matched
				renders++
			}
			t.Logf("%s: %d values rendered in %d draw(s)", name, len(ss), len(results))
		})
	}

	for _, name := range renderPackLoss {
		t.Run(name+"/packed", func(t *testing.T) {
			t.Parallel()
			_, results := renderLinked(t, []runtimes.Runtime{runtimes.Wine}, name, "--multi-dcl")
			lost := 0
			for _, res := range results {
				lost += res.total - res.matched
			}
			assert.Greater(t, lost, 0, "%s: Wine is expected to lose packed components", name)
			t.Logf("%s packed (per-semantic declarations): %d of %d values lost on Wine", name, lost, 16*len(results))
		})
	}
}

// TestRenderPackedHLSL compiles --format=hlsl output with Wine's HLSL
// compiler (D3DCompile, through internal/winecompile) in a vertex shader that fills a struct and returns
// its packed form through S_PACK, and a pixel shader that unpacks it with
// S_UNPACK and writes every member component to the render targets.
func TestRenderPackedHLSL(t *testing.T) {
	testenv.Heavy(t)
	tool := renderTool(t)
	for _, name := range renderHLSL {
		t.Run(name, func(t *testing.T) {
			dir := testenv.TempDir(t)
			src, err := fs.ReadFile(corpus.FS(), name)
			require.NoError(t, err)
			path := filepath.Join(testenv.Root(t), "corpus", name)
			code, js, stderr := shpackRun(append(append([]string{"--format=json", "--portable"}, corpus.Args(src)...), path)...)
			require.Equal(t, 0, code, stderr)
			var l emit.LayoutJSON
			require.NoError(t, json.Unmarshal([]byte(js), &l))
			code, gen, stderr := shpackRun(append(append([]string{"--format=hlsl"}, corpus.Args(src)...), path)...)
			require.Equal(t, 0, code, stderr)

			// The struct again, from its elements (plain float members), so
			// that the file holds nothing Wine's compiler lacks.
			var st, fill strings.Builder
			fmt.Fprintf(&st, "struct %s\n{\n", l.Signature)
			var comps []string // every component expression, in order
			var want []float64 // and its value
			k := 0
			for _, e := range l.Elements {
				typ := "float"
				if e.Components > 1 {
					typ += strconv.Itoa(e.Components)
				}
				fmt.Fprintf(&st, "    %s %s : %s%d;\n", typ, e.Name, e.Semantic, e.Index)
				if e.Semantic == "POSITION" && e.Index == 0 {
					fmt.Fprintf(&fill, "    o.%s = pos;\n", e.Name)
					continue
				}
				var vals []string
				for c := range e.Components {
					if e.Semantic != "PSIZE" {
						want = append(want, value(e.Semantic, k))
						vals = append(vals, strconv.FormatFloat(value(e.Semantic, k), 'g', -1, 64))
						comps = append(comps, fmt.Sprintf("i.%s%s", e.Name, map[bool]string{true: "." + string(xyzw[c]), false: ""}[e.Components > 1]))
						k++
					} else {
						vals = append(vals, "1")
					}
				}
				fmt.Fprintf(&fill, "    o.%s = %s(%s);\n", e.Name, typ, strings.Join(vals, ", "))
			}
			st.WriteString("};\n")
			for batch := 0; batch*16 < len(comps); batch++ {
				part := comps[batch*16 : min(batch*16+16, len(comps))]
				var out strings.Builder
				for r := range 4 {
					var c []string
					for j := range 4 {
						if idx := r*4 + j; idx < len(part) {
							c = append(c, part[idx])
						} else {
							c = append(c, "0")
						}
					}
					fmt.Fprintf(&out, "    r.c%d = float4(%s);\n", r, strings.Join(c, ", "))
				}
				name := l.Signature
				file := st.String() + gen + fmt.Sprintf(`
%[1]s_Packed vs_main(float4 pos : POSITION)
{
    %[1]s o = (%[1]s)0;
%[2]s    %[1]s_Packed p = (%[1]s_Packed)0;
    %[1]s_PACK(p, o)
    return p;
}

struct PS_OUT { float4 c0 : COLOR0; float4 c1 : COLOR1; float4 c2 : COLOR2; float4 c3 : COLOR3; };

PS_OUT ps_main(%[1]s_PackedPS p)
{
    %[1]s i = (%[1]s)0;
    %[1]s_UNPACK(i, p)
    PS_OUT r = (PS_OUT)0;
%[3]s    return r;
}
`, name, fill.String(), out.String())
				hlslFile := filepath.Join(dir, fmt.Sprintf("packed%d.hlsl", batch))
				require.NoError(t, os.WriteFile(hlslFile, []byte(file), 0o644))
				w := make([]float64, 16)
				copy(w, want[batch*16:min(batch*16+16, len(want))])
				vs, ps := filepath.Join(dir, fmt.Sprintf("vs%d.cso", batch)), filepath.Join(dir, fmt.Sprintf("ps%d.cso", batch))
				require.NoError(t, winecompile.Compile(t, dir, hlslFile, "vs_main", "vs_3_0", vs))
				require.NoError(t, winecompile.Compile(t, dir, hlslFile, "ps_main", "ps_3_0", ps))
				res := render(t, tool, vs, ps, w)
				assert.True(t, res.pass, "%s batch %d: %d of %d\n%s\n%s", name, batch, res.matched, res.total, res.output, file)
			}
			t.Logf("%s: %d member components compiled by Wine's HLSL compiler and drawn", l.Signature, len(comps))
		})
	}
}

// TestRenderPackedHLSLEntry compiles --format=hlsl output for entry points
// with out parameters (the DirectX SDK style) with vkd3d-compiler 1.17 and
// draws it on Wine: a vertex shader sets the entry point's return value and
// out parameters to distinct constants and returns NAME_Pack(...) of them,
// a pixel shader calls NAME_Unpack and writes every component read to the
// render targets. SceneVS needs 11 general registers with one per
// semantic, more than vs_3_0 has. MojoShader reads the compiled vertex
// shaders back: their outputs are the layout's registers and semantics.
func TestRenderPackedHLSLEntry(t *testing.T) {
	testenv.Heavy(t)
	tool := renderTool(t)
	for _, c := range []struct{ file, entry string }{
		{"entry_params.hlsl", "SkyVS"},
		{"rewrite/sdk_effect_out_params.fx", "SceneVS"},
	} {
		t.Run(c.entry, func(t *testing.T) {
			dir := testenv.TempDir(t)
			path := filepath.Join(testenv.Root(t), "corpus", c.file)
			code, js, stderr := shpackRun("--format=json", "--entry="+c.entry, path)
			require.Equal(t, 0, code, stderr)
			var l emit.LayoutJSON
			require.NoError(t, json.Unmarshal([]byte(js), &l))
			code, gen, stderr := shpackRun("--format=hlsl", "--entry="+c.entry, path)
			require.Equal(t, 0, code, stderr)

			// Every output of these entry points is a variable of its own.
			var decls, fill, vars, pixelVars []string
			var comps []string
			var compVals []float64
			k := 0
			for _, e := range l.Elements {
				name := e.Name
				if name == "return" {
					name = "ret"
				}
				typ := emit.FloatType(e.Components)
				decls = append(decls, fmt.Sprintf("    %s %s;\n", typ, name))
				vars = append(vars, name)
				switch {
				case e.Semantic == "POSITION" && e.Index == 0:
					fill = append(fill, fmt.Sprintf("    %s = pos;\n", name))
					continue
				case e.Semantic == "PSIZE":
					fill = append(fill, fmt.Sprintf("    %s = 1;\n", name))
					continue
				}
				pixelVars = append(pixelVars, name)
				var vals []string
				for i := range e.Components {
					compVals = append(compVals, value(e.Semantic, k))
					vals = append(vals, strconv.FormatFloat(value(e.Semantic, k), 'g', -1, 64))
					comps = append(comps, name+map[bool]string{true: "." + string(xyzw[i]), false: ""}[e.Components > 1])
					k++
				}
				fill = append(fill, fmt.Sprintf("    %s = %s(%s);\n", name, typ, strings.Join(vals, ", ")))
			}
			var pixelDecls []string
			for _, d := range decls {
				for _, v := range pixelVars {
					if strings.HasSuffix(d, " "+v+";\n") {
						pixelDecls = append(pixelDecls, d)
					}
				}
			}
			for batch := 0; batch*16 < len(comps); batch++ {
				part := comps[batch*16 : min(batch*16+16, len(comps))]
				var out strings.Builder
				var want []float64
				for r := range 4 {
					var cs []string
					for j := range 4 {
						if idx := r*4 + j; idx < len(part) {
							cs = append(cs, part[idx])
							want = append(want, compVals[batch*16+idx])
						} else {
							cs = append(cs, "0")
							want = append(want, 0)
						}
					}
					fmt.Fprintf(&out, "    r.c%d = float4(%s);\n", r, strings.Join(cs, ", "))
				}
				file := gen + fmt.Sprintf(`
%[1]s_Packed vs_main(float4 pos : POSITION)
{
%[2]s%[3]s    return %[1]s_Pack(%[4]s);
}

struct PS_OUT { float4 c0 : COLOR0; float4 c1 : COLOR1; float4 c2 : COLOR2; float4 c3 : COLOR3; };

PS_OUT ps_main(%[1]s_PackedPS p)
{
%[5]s    %[1]s_Unpack(p, %[6]s);
    PS_OUT r = (PS_OUT)0;
%[7]s    return r;
}
`, c.entry, strings.Join(decls, ""), strings.Join(fill, ""), strings.Join(vars, ", "),
					strings.Join(pixelDecls, ""), strings.Join(pixelVars, ", "), out.String())
				src := filepath.Join(dir, fmt.Sprintf("packed%d.hlsl", batch))
				require.NoError(t, os.WriteFile(src, []byte(file), 0o644))
				vs, ps := filepath.Join(dir, fmt.Sprintf("vs%d.cso", batch)), filepath.Join(dir, fmt.Sprintf("ps%d.cso", batch))
				_, err := vkd3d.Compile(t, dir, src, "vs_main", "vs_3_0", vs)
				require.NoError(t, err, file)
				_, err = vkd3d.Compile(t, dir, src, "ps_main", "ps_3_0", ps)
				require.NoError(t, err, file)
				// MojoShader reads the compiled vertex shader back: one
				// output per register, declared as shpack's layout says.
				rep, err := asmcheck.CheckFile(t, vs)
				require.NoError(t, err)
				got, wantDecl := map[string]bool{}, map[string]bool{}
				for _, d := range rep.Decls {
					if d.Dir == "out" {
						got[fmt.Sprintf("%s%d", strings.ToUpper(d.Usage), d.Index)] = true
					}
				}
				for _, e := range l.Elements {
					if e.Register != "" {
						wantDecl[fmt.Sprintf("%s%d", e.DeclaredAs.Semantic, e.DeclaredAs.Index)] = true
					}
				}
				assert.Equal(t, wantDecl, got, "%s: the outputs vkd3d declares", c.entry)
				assert.Len(t, got, l.Registers, "%s: one declaration per register", c.entry)
				res := render(t, tool, vs, ps, want)
				assert.True(t, res.pass, "%s batch %d: %d of %d\n%s\n%s", c.entry, batch, res.matched, res.total, res.output, file)
			}
			t.Logf("%s: %d output components in %d general registers, compiled by vkd3d and drawn on Wine", c.entry, len(comps), l.GeneralRegisters)
		})
	}
}

// TestPackedHLSLMemberNames compiles with vkd3d 1.17 a vertex and a pixel
// shader that use --format=hlsl's macros on a struct whose members are
// named like the macros' parameters could be (dst, src) and like the
// packed struct's fields (r1): the macros must not capture them.
func TestPackedHLSLMemberNames(t *testing.T) {
	testenv.Heavy(t)
	vkd3d.Tool(t)
	dir := testenv.TempDir(t)
	src := `struct V
{
    float4 pos : POSITION;
    float2 dst : TEXCOORD0;
    float2 src : TEXCOORD1;
    float  r1  : TEXCOORD2;
};
`
	in := filepath.Join(dir, "v.hlsl")
	require.NoError(t, os.WriteFile(in, []byte(src), 0o644))
	code, gen, stderr := shpackRun("--format=hlsl", "--struct=V", in)
	require.Equal(t, 0, code, stderr)
	file := src + gen + `
V_Packed vs_main(float4 p : POSITION)
{
    V o = (V)0;
    o.pos = p; o.dst = float2(0.25, 0.5); o.src = float2(0.75, 1); o.r1 = 0.125;
    V_Packed r = (V_Packed)0;
    V_PACK(r, o)
    return r;
}

float4 ps_main(V_PackedPS p) : COLOR0
{
    V i = (V)0;
    V_UNPACK(i, p)
    return float4(i.dst, i.src.x, i.r1);
}
`
	path := filepath.Join(dir, "shader.hlsl")
	require.NoError(t, os.WriteFile(path, []byte(file), 0o644))
	for _, e := range []struct{ entry, profile string }{{"vs_main", "vs_3_0"}, {"ps_main", "ps_3_0"}} {
		_, err := vkd3d.Compile(t, dir, path, e.entry, e.profile, filepath.Join(dir, e.entry+".cso"))
		require.NoError(t, err, file)
	}
	assert.Contains(t, gen, "#define V_PACK(shpack_dst, shpack_src)")
	assert.Contains(t, gen, "shpack_src.dst")
}

// TestRenderSemantics draws layouts whose members include FOG and COLOR
// (which MojoShader's GLSL path cannot link, and clamps) on every runtime:
// linked corpus signatures under both --semantics modes, and the FOG pairs
// of the render checks' own matrix, repacked (MojoShader refuses the
// originals: their pixel shaders declare fog). Every value must arrive.
func TestRenderSemantics(t *testing.T) {
	testenv.Heavy(t)
	tools := renderTool(t)
	var mu sync.Mutex
	renders, values := 0, 0
	t.Cleanup(func() { t.Logf("%d renders, %d values checked on each runtime", renders, values) })
	for _, mode := range []string{"member", "texcoord"} {
		for _, c := range []struct {
			name  string
			extra []string
		}{
			{"fog_psize.hlsl", nil},
			{"seed000_dcl_example.hlsl", []string{"--mix-color"}},
			{"color_fog_mix.hlsl", []string{"--mix-color"}},
			{"usages_all_outputs.hlsl", nil},
		} {
			t.Run(mode+"/"+c.name, func(t *testing.T) {
				t.Parallel()
				_, results := renderLinked(t, tools, c.name, append(c.extra, "--semantics="+mode)...)
				mu.Lock()
				defer mu.Unlock()
				for i, res := range results {
					assert.True(t, res.pass, "%s render %d:\n%s", c.name, i, res.output)
					renders++
					values += res.matched
				}
			})
		}
		matrix := testenv.Shared(t, "tools/d3d9-render-check/tests")
		want := []float64{0.125, 0.25, 0.375, 0.5, 0.625, 1.25, 2.5, -3}
		for _, pair := range [][2]string{{"unpacked", "unpacked"}, {"split", "split"}} {
			t.Run(mode+"/repack/"+pair[0], func(t *testing.T) {
				t.Parallel()
				tmp := testenv.TempDir(t)
				vs, ps := filepath.Join(matrix, "vs_"+pair[0]+".asm"), filepath.Join(matrix, "ps_"+pair[1]+".asm")
				vso, pso := filepath.Join(tmp, "vs.cso"), filepath.Join(tmp, "ps.cso")
				code, _, stderr := shpackRun("repack", "--format=cso", "--semantics="+mode, "--vs-out="+vso, "--ps-out="+pso, vs, ps)
				require.Equal(t, exitOK, code, stderr)
				res := render(t, tools, vso, pso, want)
				assert.True(t, res.pass, "repacked %s pair:\n%s", pair[0], res.output)
				mu.Lock()
				renders++
				values += res.matched
				mu.Unlock()
			})
		}
	}
}
