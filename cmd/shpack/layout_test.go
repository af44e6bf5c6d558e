package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/asmcheck"
	"github.com/shpack/shpack/internal/testenv"
	"github.com/shpack/shpack/internal/vkd3d"
	"github.com/shpack/shpack/layoutfile"
)

// stagesPair is a Torque3D-style pair built stage by stage: a vertex
// shader "main" in FooV.hlsl and pixel shaders "main" in FooP*.hlsl, as
// engines compile them (fxc /T vs_3_0 /E main FooV.hlsl, then fxc /T ps_3_0
// /E main FooP.hlsl). The vertex shader writes a constant of its own into
// every component of eleven outputs (too many for vs_3_0 with one register
// per semantic); each pixel shader copies the components of the outputs
// it reads, in its own order, to COLOR0 and COLOR1. want is what each
// pixel shader draws, computed here from the same constants.
type stagesPair struct {
	vs   string
	ps   map[string]string // file -> source
	want map[string][]float64
}

var stagesWidths = []int{2, 2, 3, 1, 3, 1, 4, 2, 1, 3, 2}

// stagesValue is the constant the vertex shader writes to component c of
// output i: exact in binary, distinct, outside [0, 1].
func stagesValue(i, c int) float64 { return 1 + float64(i*4+c+1)*0.25 }

func newStagesPair() stagesPair {
	var vs strings.Builder
	vs.WriteString("struct ConnectData { float4 pos : POSITION; };\nstruct V2P {\n    float4 hpos : POSITION;\n")
	for i, w := range stagesWidths {
		fmt.Fprintf(&vs, "    %s t%d : TEXCOORD%d;\n", floatN(w), i, i)
	}
	vs.WriteString("};\nV2P main(ConnectData IN)\n{\n    V2P o;\n    o.hpos = IN.pos;\n")
	for i, w := range stagesWidths {
		var vals []string
		for c := range w {
			vals = append(vals, fmt.Sprint(stagesValue(i, c)))
		}
		fmt.Fprintf(&vs, "    o.t%d = %s(%s);\n", i, floatN(w), strings.Join(vals, ", "))
	}
	vs.WriteString("    return o;\n}\n")
	p := stagesPair{vs: vs.String(), ps: map[string]string{}, want: map[string][]float64{}}
	// Each pixel shader reads a subset in an order of its own, through a
	// struct of its own, and fills 8 slots.
	for file, reads := range map[string][]int{"FooP.hlsl": {9, 2, 5, 0}, "FooP2.hlsl": {10, 3, 6, 1}} {
		var ps strings.Builder
		ps.WriteString("struct ConnectData {\n")
		for _, i := range reads {
			fmt.Fprintf(&ps, "    %s t%d : TEXCOORD%d;\n", floatN(stagesWidths[i]), i, i)
		}
		ps.WriteString("};\nstruct PS_OUT { float4 c0 : COLOR0; float4 c1 : COLOR1; };\nPS_OUT main(ConnectData IN)\n{\n    float s[8] = { 0, 0, 0, 0, 0, 0, 0, 0 };\n")
		var want []float64
		for _, i := range reads {
			for c := range stagesWidths[i] {
				if len(want) == 8 {
					break
				}
				fmt.Fprintf(&ps, "    s[%d] = IN.t%d.%c;\n", len(want), i, "xyzw"[c])
				want = append(want, stagesValue(i, c))
			}
		}
		for len(want) < 8 {
			want = append(want, 0)
		}
		ps.WriteString("    PS_OUT o;\n    o.c0 = float4(s[0], s[1], s[2], s[3]);\n    o.c1 = float4(s[4], s[5], s[6], s[7]);\n    return o;\n}\n")
		p.ps[file] = ps.String()
		p.want[file] = want
	}
	return p
}

func floatN(n int) string {
	if n == 1 {
		return "float"
	}
	return fmt.Sprintf("float%d", n)
}

func (p stagesPair) write(t *testing.T, dir string) {
	t.Helper()
	require.NoError(t, os.WriteFile(filepath.Join(dir, "FooV.hlsl"), []byte(p.vs), 0o644))
	for f, src := range p.ps {
		require.NoError(t, os.WriteFile(filepath.Join(dir, f), []byte(src), 0o644))
	}
}

var packedName = regexp.MustCompile(`main_Packed\d*`)

// TestLayoutFileStages builds the pair stage by stage through a layout
// file, as a build system would (each step its own process, its own
// inputs), and proves that the result is the pair rewritten in one call:
// the same vertex shader, pixel shaders that read the same registers;
// valid HLSL for glslang; and, with vkd3d, programs that shpack check
// passes and that draw the constants on every runtime.
func TestLayoutFileStages(t *testing.T) {
	root := testenv.Root(t)
	dir := testenv.TempDir(t)
	t.Chdir(dir)
	p := newStagesPair()
	p.write(t, dir)

	code, _, stderr := shpackRun("rewrite", "--vs-entry=main", "--layout-out=foo.layout", "-o", "out/FooV.hlsl", "FooV.hlsl")
	require.Equal(t, exitInput, code, "out/ does not exist yet: %s", stderr)
	require.NoError(t, os.Mkdir("out", 0o755))
	code, _, stderr = shpackRun("rewrite", "--vs-entry=main", "--layout-out=foo.layout", "-o", "out/FooV.hlsl", "FooV.hlsl")
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, stderr, "FooV.hlsl:16:1: note: main: 12 outputs packed into 6 general registers, planned here (one register per semantic: 11)")
	layout := got0(t, "foo.layout")
	testenv.Golden(t, filepath.Join(root, "cmd", "shpack", "testdata", "layout", "foo.layout"), layout, *update)

	// Planned again: the same bytes (a build step is reproducible).
	code, _, stderr = shpackRun("rewrite", "--vs-entry=main", "--layout-out=again.layout", "-o", "out/FooV.again.hlsl", "FooV.hlsl")
	require.Equal(t, exitOK, code, stderr)
	assert.Equal(t, string(layout), string(got0(t, "again.layout")))
	assert.Equal(t, string(got0(t, "out/FooV.hlsl")), string(got0(t, "out/FooV.again.hlsl")))
	// Applied to the same vertex shader: the same rewrite.
	code, _, stderr = shpackRun("rewrite", "--vs-entry=main", "--layout=foo.layout", "-o", "out/FooV.applied.hlsl", "FooV.hlsl")
	require.Equal(t, exitOK, code, stderr)
	assert.Equal(t, string(got0(t, "out/FooV.hlsl")), string(got0(t, "out/FooV.applied.hlsl")))

	for f := range p.ps {
		code, _, stderr := shpackRun("rewrite", "--ps-entry=main", "--layout=foo.layout", "-o", "out/"+f, "--depfile=out/"+f+".d", f)
		require.Equal(t, exitOK, code, stderr)
		assert.Contains(t, string(got0(t, "out/"+f+".d")), "foo.layout", "the layout file is an input of the step")

		// The pair in one call (same entry name in both files) gives the
		// same vertex shader and a pixel shader that reads the same.
		pair := filepath.Join("pair", strings.TrimSuffix(f, ".hlsl"))
		code, _, stderr = shpackRun("rewrite", "--vs-entry=main", "--ps-entry=main", "--all", "--out-dir="+pair, "FooV.hlsl", f)
		require.Equal(t, exitOK, code, stderr)
		assert.Equal(t, string(got0(t, "out/FooV.hlsl")), string(got0(t, filepath.Join(pair, "FooV.hlsl"))))
		assert.Equal(t, packedName.ReplaceAllString(string(got0(t, "out/"+f)), "main_Packed"),
			packedName.ReplaceAllString(string(got0(t, filepath.Join(pair, f))), "main_Packed"))
	}

	// glslang: each stage is valid HLSL (CI has it).
	require.NoError(t, glslang(t, filepath.Join(dir, "out", "FooV.hlsl"), "main", "vert"))
	for f := range p.ps {
		require.NoError(t, glslang(t, filepath.Join(dir, "out", f), "main", "frag"))
	}

	if vkd3d.Path() == "" {
		t.Skipf("%s is unset: the stages are not compiled to bytecode nor drawn", vkd3d.Env)
	}
	t.Chdir(root) // the tools are found from the checkout
	asmcheck.Tool(t)
	vso := filepath.Join(dir, "out", "FooV.vso")
	_, err := vkd3d.Compile(t, filepath.Join(dir, "out"), "FooV.hlsl", "main", "vs_3_0", vso)
	require.NoError(t, err)
	vsRep, err := asmcheck.CheckFile(t, vso)
	require.NoError(t, err)
	assert.LessOrEqual(t, generalOutputs(vsRep), 10, "the vertex shader fits vs_3_0")
	for f, want := range p.want {
		t.Run(f, func(t *testing.T) {
			pso := filepath.Join(dir, "out", strings.TrimSuffix(f, ".hlsl")+".pso")
			_, err := vkd3d.Compile(t, filepath.Join(dir, "out"), f, "main", "ps_3_0", pso)
			require.NoError(t, err)
			assert.Empty(t, checkFiles(t, vso, pso).Problems, "shpack check on the stages built apart")
			res := render(t, renderTool(t), vso, pso, want)
			assert.True(t, res.pass, "the stages built apart draw the vertex shader's constants:\n%s", res.output)
		})
	}
}

// TestLayoutFilePack: the pixel side packed alone from a layout file is
// the one link derives for the pair; without one, a note says it may not be.
func TestLayoutFilePack(t *testing.T) {
	dir := testenv.TempDir(t)
	t.Chdir(dir)
	newStagesPair().write(t, dir)
	code, vsOut, stderr := shpackRun("--entry=main", "--layout-out=foo.layout", "FooV.hlsl")
	require.Equal(t, exitOK, code, stderr)
	code, psOut, stderr := shpackRun("--profile=ps_3_0", "--entry=main", "--layout=foo.layout", "FooP.hlsl")
	require.Equal(t, exitOK, code, stderr)
	assert.NotContains(t, stderr, "packed on its own")
	code, linked, stderr := shpackRun("link", "--vs-entry=main", "--ps-entry=main", "FooV.hlsl", "FooP.hlsl")
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, linked, strings.TrimSpace(vsOut[strings.Index(vsOut, "dcl_position"):]))
	assert.Contains(t, linked, strings.TrimSpace(psOut), "the pixel side from the layout file is link's")

	// link writes the same layout file for the pair, and for an effect.
	code, _, stderr = shpackRun("link", "--vs-entry=main", "--ps-entry=main", "--layout-out=link.layout", "FooV.hlsl", "FooP.hlsl")
	require.Equal(t, exitOK, code, stderr)
	code, fromLink, stderr := shpackRun("--profile=ps_3_0", "--entry=main", "--layout=link.layout", "FooP.hlsl")
	require.Equal(t, exitOK, code, stderr)
	assert.Equal(t, psOut, fromLink)
	assert.Contains(t, string(got0(t, "link.layout")), `"pixel_shaders": ["main"]`)

	// link --layout applies the file to the pair: the same pair.
	code, applied, stderr := shpackRun("link", "--vs-entry=main", "--ps-entry=main", "--layout=foo.layout", "FooV.hlsl", "FooP.hlsl")
	require.Equal(t, exitOK, code, stderr)
	assert.Equal(t, linked, applied)

	code, alone, stderr := shpackRun("-v", "--profile=ps_3_0", "--entry=main", "FooP.hlsl")
	require.Equal(t, exitOK, code, stderr)
	assert.NotEqual(t, psOut, alone, "packed alone, the pixel side differs: which is why the note is there")
	assert.Contains(t, stderr, "FooP.hlsl:8:1: note: main is packed on its own")
}

// TestLayoutFileErrors: every fault of a layout file or of a stage that
// does not match it is a positioned error, exit 1, and nothing is written.
func TestLayoutFileErrors(t *testing.T) {
	dir := testenv.TempDir(t)
	t.Chdir(dir)
	p := newStagesPair()
	p.write(t, dir)
	code, _, stderr := shpackRun("rewrite", "--vs-entry=main", "--layout-out=foo.layout", "-o", "FooV.out.hlsl", "FooV.hlsl")
	require.Equal(t, exitOK, code, stderr)
	layout := string(got0(t, "foo.layout"))
	write := func(name, s string) {
		require.NoError(t, os.WriteFile(name, []byte(s), 0o644))
	}
	write("extra.hlsl", strings.Replace(p.ps["FooP.hlsl"], "struct ConnectData {\n", "struct ConnectData {\n    float2 more : TEXCOORD12;\n", 1))
	write("moreV.hlsl", strings.Replace(p.vs, "struct V2P {\n", "struct V2P {\n    float extra : COLOR1;\n", 1))
	write("wider.hlsl", strings.Replace(p.vs, "float2 t0 :", "float3 t0 :", 1))
	write("asint.hlsl", strings.Replace(p.ps["FooP.hlsl"], "float3 t9 :", "int3 t9 :", 1))
	write("syntax.layout", strings.Replace(layout, `"semantics": "member",`, `"semantics": "member"`, 1))
	write("schema.layout", strings.Replace(layout, "shpack.interface/1", "shpack.interface/9", 1))
	write("reg.layout", strings.Replace(layout, `"register":"o1"`, `"register":"o12"`, 1))
	write("overlap.layout", strings.Replace(layout, `"register":"o1"`, `"register":"o2"`, 1))
	write("field.layout", strings.Replace(layout, `"type":"float"}`, `"type":"float","colour":1}`, 1))
	for _, c := range []struct {
		name string
		args []string
		want []string // in stderr
	}{
		{"pixel input not in the file", []string{"rewrite", "--ps-entry=main", "--layout=foo.layout", "-o", "out.hlsl", "extra.hlsl"},
			[]string{"extra.hlsl:2:5: error: pixel input TEXCOORD12 (main.IN.more) is not written by vertex shader main", "foo.layout:4:5: note: main is declared here"}},
		{"vertex output not in the file", []string{"rewrite", "--vs-entry=main", "--layout=foo.layout", "-o", "out.hlsl", "moreV.hlsl"},
			[]string{"moreV.hlsl:3:5: error: COLOR1 (extra) is not in the layout file foo.layout"}},
		{"vertex output wider than in the file", []string{"rewrite", "--vs-entry=main", "--layout=foo.layout", "-o", "out.hlsl", "wider.hlsl"},
			[]string{"wider.hlsl:4:5: error: TEXCOORD0 (t0) has 3 components, but the layout file gives it 2", "foo.layout:13:9: note: the interface of main is planned here"}},
		{"pixel input of another type", []string{"rewrite", "--ps-entry=main", "--layout=foo.layout", "-o", "out.hlsl", "asint.hlsl"},
			[]string{"asint.hlsl:2:5: error: IN.t9 reads TEXCOORD9 as int, but the layout file foo.layout has it written as float"}},
		{"JSON syntax", []string{"rewrite", "--ps-entry=main", "--layout=syntax.layout", "-o", "out.hlsl", "FooP.hlsl"},
			[]string{"syntax.layout:8:7: error: invalid character"}},
		{"schema", []string{"rewrite", "--ps-entry=main", "--layout=schema.layout", "-o", "out.hlsl", "FooP.hlsl"},
			[]string{`schema.layout:2:13: error: schema "shpack.interface/9": this shpack reads "shpack.interface/1" layout files`}},
		{"register", []string{"rewrite", "--ps-entry=main", "--layout=reg.layout", "-o", "out.hlsl", "FooP.hlsl"},
			[]string{`reg.layout:`, `error: register "o12": o0 to o11`}},
		{"overlap", []string{"rewrite", "--ps-entry=main", "--layout=overlap.layout", "-o", "out.hlsl", "FooP.hlsl"},
			[]string{"overlap.layout:4:5: error: interface 1 is not a layout shpack can apply: invalid layout"}},
		{"unknown field", []string{"rewrite", "--ps-entry=main", "--layout=field.layout", "-o", "out.hlsl", "FooP.hlsl"},
			[]string{`field.layout:`, `error: an output has no field "colour"`}},
		{"missing layout file", []string{"rewrite", "--ps-entry=main", "--layout=none.layout", "-o", "out.hlsl", "FooP.hlsl"},
			[]string{"none.layout: error: cannot read the layout file: " + notFound}},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, stdout, stderr := shpackRun(c.args...)
			assert.Equal(t, exitInput, code, stderr)
			assert.Empty(t, stdout)
			for _, w := range c.want {
				assert.Contains(t, stderr, w)
			}
			assert.NoFileExists(t, "out.hlsl", "nothing is written on error")
		})
	}
	for _, c := range []struct {
		name string
		args []string
		want string
	}{
		{"pixel alone without a layout file", []string{"rewrite", "--ps-entry=main", "FooP.hlsl"}, "--ps-entry alone rewrites the pixel stage alone: give --layout=FILE"},
		{"vertex alone without a layout file", []string{"rewrite", "--vs-entry=main", "FooV.hlsl"}, "give --layout-out=FILE"},
		{"layout with both stages", []string{"rewrite", "--vs-entry=main", "--ps-entry=main", "--layout=foo.layout", "--out-dir=o", "FooV.hlsl", "FooP.hlsl"}, "--layout applies to one stage"},
		{"both layout flags", []string{"rewrite", "--vs-entry=main", "--layout=foo.layout", "--layout-out=x.layout", "FooV.hlsl"}, "cannot be used together"},
		{"pack multi-dcl", []string{"--multi-dcl", "--layout-out=x.layout", "FooV.hlsl"}, "does not take --multi-dcl"},
		{"pack fixed profile", []string{"--profile=vs_2_0", "--layout=foo.layout", "FooV.hlsl"}, "applies to vs_3_0 outputs and ps_3_0 inputs"},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, _, stderr := shpackRun(c.args...)
			assert.Equal(t, exitUsage, code, stderr)
			assert.Contains(t, stderr, c.want)
		})
	}
}

// TestLayoutFileEffect: link --layout-out on an effect whose pixel shader
// two vertex shaders share (a family) writes an interface per vertex
// shader; the pixel side packed alone from it reads what link gives.
func TestLayoutFileEffect(t *testing.T) {
	t.Chdir(testenv.Root(t))
	dir := testenv.TempDir(t)
	fx := filepath.Join("corpus", "rewrite", "family_shared_ps.fx")
	lay := filepath.Join(dir, "e.layout")
	code, linked, stderr := shpackRun("link", "--layout-out="+lay, fx)
	require.Equal(t, exitOK, code, stderr)
	layout := string(got0(t, lay))
	assert.Contains(t, layout, `"vertex_shaders": ["BigVS"],`+"\n"+`      "pixel_shaders": ["SharedPS"]`)
	assert.Contains(t, layout, `"vertex_shaders": ["SmallVS"],`+"\n"+`      "pixel_shaders": ["SharedPS"]`)
	code, ps, stderr := shpackRun("--profile=ps_3_0", "--entry=SharedPS", "--layout="+lay, fx)
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, linked, strings.TrimSpace(ps))

	// The effect linked again through the file: every pass as planned,
	// the file an input of the step.
	code, again, stderr := shpackRun("link", "--layout="+lay, fx)
	require.Equal(t, exitOK, code, stderr)
	assert.Equal(t, linked, again)
	out := filepath.Join(dir, "passes")
	code, _, stderr = shpackRun("link", "--layout="+lay, "--out-dir="+out, "--depfile="+filepath.Join(dir, "passes.d"), fx)
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, string(got0(t, filepath.Join(dir, "passes.d"))), "e.layout")
	// A file without one of its vertex shaders: an error naming it.
	small := strings.Replace(layout, `"vertex_shaders": ["SmallVS"]`, `"vertex_shaders": ["OtherVS"]`, 1)
	require.NoError(t, os.WriteFile(lay, []byte(small), 0o644))
	code, _, stderr = shpackRun("link", "--layout="+lay, fx)
	assert.Equal(t, exitInput, code)
	assert.Contains(t, stderr, "SmallVS")
}

// TestLayoutFileVariants: link --variants --layout-out writes the family's
// layouts, each interface naming the variants it covers; the pixel
// shader of every variant, packed alone from that file with the variant's
// -D (shpack --profile=ps_3_0 --layout), is the one link --variants gives
// it, byte for byte: it reads the vertex variants that write everything
// it reads. pack --variants writes the same family.
func TestLayoutFileVariants(t *testing.T) {
	t.Chdir(testenv.Root(t))
	dir := testenv.TempDir(t)
	src, vfile := filepath.Join("corpus", "variants", "lit.hlsl"), filepath.Join("corpus", "variants", "lit.variants")
	lay, out := filepath.Join(dir, "lit.layout"), filepath.Join(dir, "out")
	code, _, stderr := shpackRun("link", "--variants="+vfile, "--vs-entry=VS", "--ps-entry=PS", "--layout-out="+lay, "--out-dir="+out, src)
	require.Equal(t, exitOK, code, stderr)
	f, err := layoutfile.Read(lay, got0(t, lay))
	require.NoError(t, err)
	vars := readVariantsFile(t, vfile)
	var covered []string
	for _, it := range f.Interfaces {
		covered = append(covered, it.Variants...)
	}
	assert.Len(t, covered, len(vars))
	for _, v := range vars {
		args := []string{"--profile=ps_3_0", "--entry=PS", "--layout=" + lay}
		for _, d := range v.Defines {
			args = append(args, "-D"+d)
		}
		code, ps, stderr := shpackRun(append(args, src)...)
		require.Equal(t, exitOK, code, "%s: %s", v.Name, stderr)
		assert.Equal(t, string(got0(t, filepath.Join(out, "lit."+v.Name+".psh"))), ps, v.Name)
	}
	packed := filepath.Join(dir, "pack.layout")
	code, _, stderr = shpackRun("--variants="+vfile, "--entry=VS", "--layout-out="+packed, "-o", filepath.Join(dir, "all.json"), "--format=json", src)
	require.Equal(t, exitOK, code, stderr)
	pf, err := layoutfile.Read(packed, got0(t, packed))
	require.NoError(t, err)
	require.Len(t, pf.Interfaces, len(f.Interfaces))
	place := func(it layoutfile.Interface) []string {
		var out []string
		for _, o := range it.Outputs {
			out = append(out, fmt.Sprintf("%s o%d.%s %s%d", o.Semantic(), o.Register, o.Mask, o.DeclUsage, o.DeclIndex))
		}
		return out
	}
	for i := range pf.Interfaces {
		assert.Equal(t, f.Interfaces[i].Variants, pf.Interfaces[i].Variants)
		assert.Equal(t, place(f.Interfaces[i]), place(pf.Interfaces[i]))
	}
	code, _, stderr = shpackRun("link", "--variants="+vfile, "--vs-entry=VS", "--ps-entry=PS", "--layout="+lay, src)
	assert.Equal(t, exitUsage, code, stderr)
}
