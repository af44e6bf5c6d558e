package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/check"
	"github.com/shpack/shpack/d3d9"
	"github.com/shpack/shpack/internal/asmcheck"
	"github.com/shpack/shpack/internal/runtimes"
	"github.com/shpack/shpack/internal/testenv"
	"github.com/shpack/shpack/internal/vkd3d"
)

// repackCase is a pair of corpus/repack: NAME.vsh and NAME.psh. The vertex
// shader's first line, "// render: V...", gives the values the pair draws;
// a line "// original: fails" says the program as written does not draw
// them on Wine (the test checks that it does not); "// render: same" says
// the two must draw the same pixels, whatever Wine makes of them.
type repackCase struct {
	name, vs, ps   string
	want           []float64
	same           bool
	originalFails  bool
	assemblerReads bool // MojoShader reads the repacked text back
}

func repackCases(t *testing.T) []repackCase {
	t.Helper()
	dir := filepath.Join(testenv.Root(t), "corpus", "repack")
	files, err := filepath.Glob(filepath.Join(dir, "*.vsh"))
	require.NoError(t, err)
	var cases []repackCase
	for _, f := range files {
		src, err := os.ReadFile(f)
		require.NoError(t, err)
		c := repackCase{name: strings.TrimSuffix(filepath.Base(f), ".vsh"), vs: f, ps: strings.TrimSuffix(f, ".vsh") + ".psh"}
		for _, ln := range strings.Split(string(src), "\n") {
			if rest, ok := strings.CutPrefix(ln, "// render:"); ok {
				if strings.TrimSpace(rest) == "same" {
					c.same = true
					continue
				}
				for _, v := range strings.Fields(rest) {
					x, err := strconv.ParseFloat(v, 64)
					require.NoError(t, err, "%s: %q", f, v)
					c.want = append(c.want, x)
				}
			}
			c.originalFails = c.originalFails || strings.TrimSpace(ln) == "// original: fails"
		}
		cases = append(cases, c)
	}
	require.NotEmpty(t, cases)
	return cases
}

// TestRepackRenders draws every pair of corpus/repack as written and
// repacked (as bytecode, which every runtime loads) on each runtime: the
// repacked pair must draw the values; the original too, unless its file
// says Wine draws it wrong. A runtime that refuses the original (MojoShader
// reads no predicated instruction, nor constants indexed relatively
// without a constant table) must refuse the repacked pair too, or draw
// it right. Where MojoShader's assembler can read the repacked text, it
// must, with the declarations shpack meant.
func TestRepackRenders(t *testing.T) {
	testenv.Heavy(t)
	tools := renderTool(t)
	asmcheck.Tool(t)
	var n atomic.Int32
	t.Cleanup(func() { assert.Positive(t, n.Load(), "MojoShader read some repacked programs back") })
	for _, c := range repackCases(t) {
		if c.want == nil && !c.same {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			tmp := testenv.TempDir(t)
			vso, pso := filepath.Join(tmp, "vs.cso"), filepath.Join(tmp, "ps.cso")
			code, _, stderr := shpackRun("repack", "--format=cso", "--vs-out="+vso, "--ps-out="+pso, c.vs, c.ps)
			require.Equal(t, exitOK, code, stderr)
			origVS, origPS := encodeOriginals(t, c, tmp)
			for _, rt := range tools {
				res := rt.Draw(t, vso, pso, c.want)
				orig := rt.Draw(t, origVS, origPS, c.want)
				switch {
				case orig.Failed:
					assert.True(t, res.Failed || res.Pass, "%s refuses the original; the repacked pair must not draw wrong:\n%s", rt.Name, res.Output)
					t.Logf("%s: refuses the original (%s); repacked: %s", rt.Name, firstError(orig.Output), res)
				case c.same:
					require.NotEmpty(t, targets(orig.Output))
					assert.Equal(t, targets(orig.Output), targets(res.Output), "%s: the pairs draw the same pixels", rt.Name)
				default:
					assert.True(t, res.Pass, "%s: the repacked pair draws the values:\n%s", rt.Name, res.Output)
					if c.originalFails && rt.Name == runtimes.Wine.Name {
						assert.False(t, orig.Pass, "the file says Wine draws the original wrong; it drew it right")
					}
				}
			}

			code, out, stderr := shpackRun("repack", c.vs, c.ps)
			require.Equal(t, exitOK, code, stderr)
			vsText, psText, _ := strings.Cut(out, "\n\n")
			for _, text := range []string{vsText + "\n", psText} {
				prog, err := d3d9.Parse("p.asm", []byte(text))
				require.NoError(t, err)
				if d3d9.AssemblerGaps(prog) != "" {
					continue // predicates or indexed outputs: bytecode only
				}
				rep, err := asmcheck.Check(t, text)
				require.NoError(t, err, text)
				assert.Equal(t, declsOf(prog), rep.Decls, text)
			}
			n.Add(1)
		})
	}

}

// TestRepackStagesApart repacks each pair of corpus/repack as a build that
// compiles its stages in separate steps (issue 25): the pair's step
// writes the layout file (--layout-out), then each program is repacked
// alone through it (--layout, one PROGRAM). The stages repacked apart
// pass shpack check with each other and with the other way's stages, and
// draw the values on every runtime.
func TestRepackStagesApart(t *testing.T) {
	testenv.Heavy(t)
	tools := renderTool(t)
	for _, c := range repackCases(t) {
		if c.want == nil {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			tmp := testenv.TempDir(t)
			lay := filepath.Join(tmp, "pair.layout")
			pvs, pps := filepath.Join(tmp, "pair.vso"), filepath.Join(tmp, "pair.pso")
			code, _, stderr := shpackRun("repack", "--format=cso", "--layout-out="+lay, "--vs-out="+pvs, "--ps-out="+pps, c.vs, c.ps)
			require.Equal(t, exitOK, code, stderr)
			vso, pso := filepath.Join(tmp, "vs.cso"), filepath.Join(tmp, "ps.cso")
			code, _, stderr = shpackRun("repack", "--format=cso", "--layout="+lay, "--vs-out="+vso, c.vs)
			require.Equal(t, exitOK, code, stderr)
			assert.Contains(t, stderr, "repacked as the layout file")
			code, _, stderr = shpackRun("repack", "--format=cso", "--layout="+lay, "--ps-out="+pso, "--depfile="+pso+".d", c.ps)
			require.Equal(t, exitOK, code, stderr)
			assert.Contains(t, string(got0(t, pso+".d")), "pair.layout", "the layout file is an input of the step")
			for _, p := range [][2]string{{vso, pso}, {pvs, pso}, {vso, pps}} {
				rep := checkFiles(t, p[0], p[1])
				assert.Empty(t, rep.Problems, "%s with %s", filepath.Base(p[0]), filepath.Base(p[1]))
			}
			origVS, origPS := encodeOriginals(t, c, tmp)
			for _, rt := range tools {
				res := rt.Draw(t, vso, pso, c.want)
				if orig := rt.Draw(t, origVS, origPS, c.want); orig.Failed {
					// MojoShader refuses some programs of the corpus as
					// written (see TestRepackRenders).
					assert.True(t, res.Failed || res.Pass, "%s refuses the original; the stages repacked apart must not draw wrong:\n%s", rt.Name, res.Output)
					continue
				}
				assert.True(t, res.Pass, "%s: the stages repacked apart draw the values:\n%s", rt.Name, res.Output)
			}
		})
	}
	// One stage alone needs the layout file; flags of the other stage are
	// refused.
	c := repackCases(t)[0]
	for _, args := range [][]string{{c.vs}, {"--layout=x.layout", "--layout-out=y.layout", c.vs, c.ps}} {
		code, _, stderr := shpackRun(append([]string{"repack"}, args...)...)
		assert.Equal(t, exitUsage, code, "%v: %s", args, stderr)
	}
	tmp := testenv.TempDir(t)
	lay := filepath.Join(tmp, "pair.layout")
	code, _, stderr := shpackRun("repack", "--layout-out="+lay, "--vs-out="+filepath.Join(tmp, "v"), "--ps-out="+filepath.Join(tmp, "p"), c.vs, c.ps)
	require.Equal(t, exitOK, code, stderr)
	code, _, stderr = shpackRun("repack", "--layout="+lay, "--ps-out="+filepath.Join(tmp, "x"), c.vs)
	assert.Equal(t, exitUsage, code, stderr)
	assert.Contains(t, stderr, "--ps-out does not apply to it")
}

// encodeOriginals writes a corpus pair as written, as bytecode, into dir
// (MojoShader's and Wine's assemblers cannot read every program of the
// corpus: predicates), and returns the two files.
func encodeOriginals(t *testing.T, c repackCase, dir string) (vs, ps string) {
	t.Helper()
	vs, ps = filepath.Join(dir, "orig.vso"), filepath.Join(dir, "orig.pso")
	for _, f := range [][2]string{{c.vs, vs}, {c.ps, ps}} {
		data, err := d3d9.Encode(readProgram(t, f[0]))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(f[1], data, 0o644))
	}
	return vs, ps
}

// firstError is the first ERROR line of a runtime's output.
func firstError(out string) string {
	for _, ln := range strings.Split(out, "\n") {
		if strings.HasPrefix(ln, "ERROR: ") {
			return strings.TrimPrefix(ln, "ERROR: ")
		}
	}
	return "no message"
}

// declsOf lists a program's input and output declarations as the
// assembler check reports them.
func declsOf(p *d3d9.Program) []asmcheck.Decl {
	var out []asmcheck.Decl
	for _, in := range p.Insts {
		if in.Op != d3d9.OpDcl || in.Dst.Type != d3d9.RegInput && in.Dst.Type != d3d9.RegOutput {
			continue
		}
		dir := "in"
		if in.Dst.Type == d3d9.RegOutput {
			dir = "out"
		}
		out = append(out, asmcheck.Decl{Dir: dir, Reg: p.RegName(in.Dst.Type, in.Dst.Num), Mask: in.Dst.Mask.String(),
			Usage: strings.ToLower(in.Usage.String()), Index: in.UsageIndex, Centroid: in.Dst.Cent, PP: in.Dst.PP})
	}
	return out
}

// TestRepackCompiled is the user's case: a pair a real compiler (vkd3d)
// compiled from HLSL, whose vertex shader needs more than vs_3_0's ten
// general output registers, is repacked as bytecode, fits, and draws the
// same values on Wine. The pairs are the rewrite corpus's drawn pairs,
// compiled unrewritten; pairs that fit already must draw the same after
// repacking too.
func TestRepackCompiled(t *testing.T) {
	testenv.Heavy(t)
	vkd3d.Tool(t)
	asmcheck.Tool(t)
	tool := renderTool(t)
	root := testenv.Root(t)
	overflowing := 0
	for _, c := range rewriteCases(t) {
		for _, r := range c.renders {
			t.Run(c.name+"/"+r.vs+"+"+r.ps, func(t *testing.T) {
				tmp := testenv.TempDir(t)
				copyFolder(t, filepath.Join(root, "corpus", "rewrite"), tmp, nil)
				vs, ps := compilePair(t, tmp, r, "orig")
				before, err := asmcheck.CheckFile(t, vs)
				require.NoError(t, err)
				vso, pso := filepath.Join(tmp, "vs.cso"), filepath.Join(tmp, "ps.cso")
				code, _, stderr := shpackRun("repack", "--format=cso", "--vs-out="+vso, "--ps-out="+pso, vs, ps)
				require.Equal(t, exitOK, code, stderr)
				data, err := os.ReadFile(vso)
				require.NoError(t, err)
				prog, err := d3d9.Decode(vso, data)
				require.NoError(t, err)
				if d3d9.AssemblerGaps(prog) == "" {
					after, err := asmcheck.CheckFile(t, vso)
					require.NoError(t, err)
					assert.LessOrEqual(t, generalOutputs(after), 10)
					assert.LessOrEqual(t, generalOutputs(after), generalOutputs(before))
					t.Logf("%d general output registers, repacked into %d", generalOutputs(before), generalOutputs(after))
				}
				if generalOutputs(before) > 10 {
					overflowing++
				}
				res := render(t, tool, vso, pso, r.want)
				assert.True(t, res.pass, "the repacked pair draws the values:\n%s", res.output)
			})
		}
	}
	assert.Positive(t, overflowing, "some compiled pairs overflow vs_3_0 before repacking")
}

func TestRepackCommandLine(t *testing.T) {
	dir := filepath.Join(testenv.Root(t), "corpus", "repack")
	vs, ps := filepath.Join(dir, "macros.vsh"), filepath.Join(dir, "macros.psh")
	tmp := testenv.TempDir(t)
	bad := filepath.Join(tmp, "bad.psh")
	require.NoError(t, os.WriteFile(bad, []byte("ps_3_0\ndcl_texcoord0 v0.xyz\nmov oC0, v[aL + 0]\n"), 0o644))
	// Programs vs_3_0 forbids, refused as given (issue 27).
	forbidden := func(name, body string) string {
		f := filepath.Join(tmp, name)
		require.NoError(t, os.WriteFile(f, []byte("vs_3_0\ndcl_position v0\ndcl_position o0\n"+body), 0o644))
		return f
	}
	o99 := forbidden("o99.vsh", "dcl_texcoord0 o99\nmov o0, v0\nmov o99, v0\n")
	a0 := forbidden("a0.vsh", "dcl_texcoord0 o1\ndcl_texcoord1 o2\nmov o0, v0\nmova a0.x, v0.x\nmov o[a0.x + 1], v0\n")
	l5 := forbidden("l5.vsh", "dcl_texcoord0 o1\nmov o0, v0\nmov o1, v0\ncall l5\n")
	overPos := forbidden("aLpos.vsh", "dcl_texcoord0 o1\ndefi i0, 2, 0, 1, 0\nloop aL, i0\nmov o[aL], v0\nendloop\n")
	tests := []struct {
		name   string
		args   []string
		code   int
		stderr string
	}{
		{"one file", []string{"repack", vs}, exitUsage, "repack takes a vertex shader and a pixel shader"},
		{"cso to stdout", []string{"repack", "--format=cso", vs, ps}, exitUsage, "give --vs-out=FILE and --ps-out=FILE"},
		{"half the outputs", []string{"repack", "--vs-out=a", vs, ps}, exitUsage, "--vs-out and --ps-out go together"},
		// -o was left unwritten beside --vs-out and --ps-out, exit 0.
		{"-o beside the stages' outputs", []string{"repack", "-o", filepath.Join(tmp, "o.txt"), "--vs-out=" + filepath.Join(tmp, "v"), "--ps-out=" + filepath.Join(tmp, "p"), vs, ps}, exitUsage, "-o and --vs-out cannot be used together"},
		{"depfile without outputs", []string{"repack", "--depfile=" + filepath.Join(tmp, "d"), vs, ps}, exitUsage, "--depfile needs -o FILE, --vs-out=FILE or --ps-out=FILE: its targets are the output files"},
		{"unknown format", []string{"repack", "--format=xml", vs, ps}, exitUsage, `unknown format "xml"`},
		{"indexed flag", []string{"repack", "--indexed=a", vs, ps}, exitUsage, "--indexed does not apply"},
		{"swapped", []string{"repack", ps, vs}, exitInput, "macros.psh:3:1: error: the vertex shader is ps_3_0: repack takes vs_3_0"},
		{"missing", []string{"repack", vs, filepath.Join(tmp, "nope.psh")}, exitInput, "nope.psh"},
		{"relative input", []string{"repack", vs, bad}, exitInput, "bad.psh:3:1: error: mov oC0, v[aL]: reads v[...] with relative addressing"},
		{"output past o11", []string{"repack", o99, ps}, exitInput, "o99.vsh:4:1: error: dcl_texcoord o99: o99 is out of range: vs_3_0 has o0 to o11"},
		{"output indexed by a0", []string{"repack", a0, ps}, exitInput, "a0.vsh:8:1: error: mov o[a0.x + 1], v0: o[a0]: vs_3_0 indexes outputs only with aL"},
		{"missing label", []string{"repack", l5, ps}, exitInput, "l5.vsh:7:1: error: call l5: l5 is not defined: no label l5"},
		{"indexed over POSITION", []string{"repack", overPos, ps}, exitInput, "aLpos.vsh:7:1: error: o[0..1]: an array indexed dynamically cannot hold POSITION0"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := shpackRun(tc.args...)
			assert.Equal(t, tc.code, code, stderr)
			assert.Contains(t, stderr, tc.stderr)
			assert.Empty(t, stdout)
		})
	}

	t.Run("an error leaves the outputs alone", func(t *testing.T) {
		vo, po := filepath.Join(tmp, "o.vsh"), filepath.Join(tmp, "o.psh")
		require.NoError(t, os.WriteFile(vo, []byte("keep"), 0o644))
		code, _, _ := shpackRun("repack", "--vs-out="+vo, "--ps-out="+po, vs, bad)
		assert.Equal(t, exitInput, code)
		got, err := os.ReadFile(vo)
		require.NoError(t, err)
		assert.Equal(t, "keep", string(got))
		assert.NoFileExists(t, po)
	})

	t.Run("text, files and bytecode agree", func(t *testing.T) {
		code, out, stderr := shpackRun("repack", vs, ps)
		require.Equal(t, exitOK, code)
		assert.Contains(t, stderr, "macros.vsh: note: 7 general output registers repacked into")
		vsText, psText, ok := strings.Cut(out, "\n\n")
		require.True(t, ok)
		vo, po := filepath.Join(tmp, "a.vsh"), filepath.Join(tmp, "a.psh")
		code, _, _ = shpackRun("repack", "--vs-out="+vo, "--ps-out="+po, vs, ps)
		require.Equal(t, exitOK, code)
		got, _ := os.ReadFile(vo)
		assert.Equal(t, vsText+"\n", string(got))
		got, _ = os.ReadFile(po)
		assert.Equal(t, psText, string(got))
		vc, pc := filepath.Join(tmp, "a.vso"), filepath.Join(tmp, "a.pso")
		code, _, _ = shpackRun("repack", "--format=cso", "--vs-out="+vc, "--ps-out="+pc, vs, ps)
		require.Equal(t, exitOK, code)
		data, _ := os.ReadFile(vc)
		prog, err := d3d9.Decode(vc, data)
		require.NoError(t, err)
		var b strings.Builder
		require.NoError(t, d3d9.Print(&b, prog))
		assert.Equal(t, string(got0(t, vo)), b.String(), "the bytecode decodes to the text")
	})

	t.Run("deterministic", func(t *testing.T) {
		_, a, _ := shpackRun("repack", "--format=json", vs, ps)
		_, b, _ := shpackRun("repack", "--format=json", vs, ps)
		assert.Equal(t, a, b)
		assert.Contains(t, a, `"vs"`)
	})
}

// targets returns the render target lines of a render's output.
func targets(out string) []string {
	var rts []string
	for _, ln := range strings.Split(out, "\n") {
		if strings.HasPrefix(ln, "rt") {
			rts = append(rts, ln)
		}
	}
	return rts
}

func readProgram(t *testing.T, path string) *d3d9.Program {
	t.Helper()
	p, err := d3d9.Read(path, got0(t, path))
	require.NoError(t, err)
	return p
}

// checkFiles runs shpack check on a compiled pair (files of assembly or
// bytecode) and returns its report.
func checkFiles(t *testing.T, vs, ps string) *check.Report {
	t.Helper()
	return check.Programs(readProgram(t, vs), readProgram(t, ps), vs, ps)
}

func got0(t *testing.T, path string) []byte {
	t.Helper()
	b, err := os.ReadFile(path)
	require.NoError(t, err)
	return b
}
