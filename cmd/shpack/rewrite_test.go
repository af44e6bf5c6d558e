package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/emit"
	"github.com/shpack/shpack/internal/asmcheck"
	"github.com/shpack/shpack/internal/testenv"
	"github.com/shpack/shpack/internal/vkd3d"
)

// The rewrite corpus (corpus/rewrite) holds effect and HLSL files whose
// first comment lines say how they are rewritten and what they draw:
//
//	// shpack: rewrite FLAGS [OTHER_INPUT...]   the command (inputs relative to the folder)
//	// shpack: part-of FILE                     a file another one rewrites or includes
//	// render: VS[@FILE] PS[@FILE] = V...       the render targets' values of a pair
//
// Files named err_* must fail.

// rewriteCase is one rewrite corpus file that is a command's main input.
type rewriteCase struct {
	name    string   // file name in corpus/rewrite
	flags   []string // rewrite flags
	inputs  []string // paths from the repository root, main input first
	renders []renderLine
}

// renderLine is one pair to draw and the values it must draw.
type renderLine struct {
	vs, vsFile, ps, psFile string
	want                   []float64
}

func rewriteCases(t *testing.T) []rewriteCase {
	t.Helper()
	dir := filepath.Join(testenv.Root(t), "corpus", "rewrite")
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	var cases []rewriteCase
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		src, err := os.ReadFile(filepath.Join(dir, e.Name()))
		require.NoError(t, err)
		c := rewriteCase{name: e.Name(), inputs: []string{filepath.Join("corpus", "rewrite", e.Name())}}
		isMain := false
		sc := bufio.NewScanner(bytes.NewReader(src))
		for sc.Scan() {
			line := strings.TrimSpace(sc.Text())
			if !strings.HasPrefix(line, "//") {
				break
			}
			if rest, ok := strings.CutPrefix(line, "// shpack: rewrite"); ok {
				isMain = true
				for _, a := range strings.Fields(rest) {
					if strings.HasPrefix(a, "-") {
						c.flags = append(c.flags, a)
					} else {
						c.inputs = append(c.inputs, filepath.Join("corpus", "rewrite", a))
					}
				}
			}
			if rest, ok := strings.CutPrefix(line, "// render:"); ok {
				c.renders = append(c.renders, parseRenderLine(t, e.Name(), rest))
			}
		}
		if isMain {
			cases = append(cases, c)
		}
	}
	require.NotEmpty(t, cases)
	return cases
}

func parseRenderLine(t *testing.T, file, s string) renderLine {
	t.Helper()
	pair, values, ok := strings.Cut(s, "=")
	f := strings.Fields(pair)
	require.True(t, ok && len(f) == 2, "%s: bad render line %q", file, s)
	entry := func(s string) (string, string) {
		if name, f, ok := strings.Cut(s, "@"); ok {
			return name, f
		}
		return s, file
	}
	var r renderLine
	r.vs, r.vsFile = entry(f[0])
	r.ps, r.psFile = entry(f[1])
	for _, v := range strings.Fields(values) {
		x, err := strconv.ParseFloat(v, 64)
		require.NoError(t, err, "%s: render value %q", file, v)
		r.want = append(r.want, x)
	}
	require.LessOrEqual(t, len(r.want), 16, "%s: at most 16 values (4 render targets)", file)
	return r
}

// runRewrite rewrites a case into dir (--out-dir) from the repository root.
func runRewrite(t *testing.T, c rewriteCase, dir string) (int, string, string) {
	t.Helper()
	t.Chdir(testenv.Root(t))
	args := append([]string{"rewrite"}, c.flags...)
	args = append(args, "--out-dir="+dir)
	args = append(args, c.inputs...)
	return shpackRun(args...)
}

// TestRewriteGolden rewrites every case of the rewrite corpus and compares
// the rewritten files, the notes and the errors with corpus/rewrite/testdata.
func TestRewriteGolden(t *testing.T) {
	root := testenv.Root(t)
	golden := filepath.Join(root, "corpus", "rewrite", "testdata")
	for _, c := range rewriteCases(t) {
		t.Run(c.name, func(t *testing.T) {
			dir := t.TempDir()
			code, stdout, stderr := runRewrite(t, c, dir)
			assert.Empty(t, stdout)
			base := strings.TrimSuffix(c.name, filepath.Ext(c.name))
			if strings.HasPrefix(c.name, "err_") {
				assert.Equal(t, exitInput, code, stderr)
				testenv.Golden(t, filepath.Join(golden, base+".err"), []byte(stderr), *update)
				left, _ := os.ReadDir(dir)
				assert.Empty(t, left, "nothing is written on error")
				return
			}
			require.Equal(t, exitOK, code, stderr)
			testenv.Golden(t, filepath.Join(golden, base+".stderr"), []byte(stderr), *update)
			for _, in := range c.inputs {
				got, err := os.ReadFile(filepath.Join(dir, filepath.Base(in)))
				require.NoError(t, err)
				ext := filepath.Ext(in)
				testenv.Golden(t, filepath.Join(golden, strings.TrimSuffix(filepath.Base(in), ext)+".rewritten"+ext), got, *update)
			}
			// Same input, same bytes; and one input on stdout is the same
			// as the file --out-dir writes.
			dir2 := t.TempDir()
			code2, _, stderr2 := runRewrite(t, c, dir2)
			assert.Equal(t, code, code2)
			assert.Equal(t, stderr, stderr2)
			for _, in := range c.inputs {
				a, _ := os.ReadFile(filepath.Join(dir, filepath.Base(in)))
				b, _ := os.ReadFile(filepath.Join(dir2, filepath.Base(in)))
				assert.Equal(t, string(a), string(b), "deterministic output for %s", in)
			}
			if len(c.inputs) == 1 {
				code3, stdout3, _ := shpackRun(append(append([]string{"rewrite"}, c.flags...), c.inputs[0])...)
				assert.Equal(t, exitOK, code3)
				a, _ := os.ReadFile(filepath.Join(dir, filepath.Base(c.inputs[0])))
				assert.Equal(t, string(a), stdout3)
			}
		})
	}
}

// TestRewriteUnchanged: a file whose pairs fit with one register per
// semantic comes back byte for byte.
func TestRewriteUnchanged(t *testing.T) {
	t.Chdir(testenv.Root(t))
	path := filepath.Join("corpus", "rewrite", "fits_unchanged.fx")
	src, err := os.ReadFile(path)
	require.NoError(t, err)
	code, stdout, stderr := shpackRun("rewrite", path)
	require.Equal(t, exitOK, code, stderr)
	assert.Equal(t, string(src), stdout)
	assert.Contains(t, stderr, "left as it is")
}

// TestRewriteCompilesAndRenders is the proof with a real compiler and a
// real runtime. For every pair a rewrite corpus file draws, it
//   - compiles the rewritten files with vkd3d-compiler 1.17 under the
//     original entry names for vs_3_0 and ps_3_0;
//   - reads the bytecode back (d3dasm-check) and checks that the vertex
//     shader uses at most 10 general output registers, exactly as many as
//     shpack --format=json reports for its outputs, and that the pixel
//     shader declares every input with a semantic and mask the vertex
//     shader writes;
//   - draws the pair on Wine (d3d9-render-check) and checks the values;
//   - compiles the original: one that overflows with --strategy=fxc uses
//     more than 10 general registers there (vkd3d checks no limit), one that
//     fits is drawn too and must draw the same values.
func TestRewriteCompilesAndRenders(t *testing.T) {
	testenv.Heavy(t)
	vkd3d.Tool(t)
	asmcheck.Tool(t)
	tool := renderTool(t)
	root := testenv.Root(t)
	corpusDir := filepath.Join(root, "corpus", "rewrite")
	for _, c := range rewriteCases(t) {
		if len(c.renders) == 0 {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			tmp := t.TempDir()
			out := filepath.Join(tmp, "out")
			code, _, stderr := runRewrite(t, c, out)
			require.Equal(t, exitOK, code, stderr)
			// The compiler opens includes from its working directory: give
			// each build a folder with the corpus, the rewritten files over
			// their originals in the new one.
			orig, rewritten := filepath.Join(tmp, "orig"), filepath.Join(tmp, "new")
			linkFolder(t, corpusDir, orig, nil)
			linkFolder(t, corpusDir, rewritten, func(name string) string {
				p := filepath.Join(out, name)
				if _, err := os.Stat(p); err == nil {
					return p
				}
				return ""
			})
			for _, r := range c.renders {
				t.Run(r.vs+"+"+r.ps, func(t *testing.T) {
					vsCSO, psCSO := compilePair(t, rewritten, r, "new")
					vsRep, err := asmcheck.CheckFile(t, vsCSO)
					require.NoError(t, err)
					psRep, err := asmcheck.CheckFile(t, psCSO)
					require.NoError(t, err)
					general := generalOutputs(vsRep)
					want := jsonGeneralRegisters(t, filepath.Join("corpus", "rewrite", r.vsFile), r.vs)
					assert.LessOrEqual(t, general, 10, "the rewritten vertex shader fits in vs_3_0")
					assert.Equal(t, want, general, "the compiler uses as many general registers as shpack reports")
					checkPixelInputs(t, vsRep, psRep)
					res := render(t, tool, vsCSO, psCSO, r.want)
					assert.True(t, res.pass, "the rewritten pair draws the values:\n%s", res.output)

					origVS, origPS := compilePair(t, orig, r, "orig")
					origRep, err := asmcheck.CheckFile(t, origVS)
					require.NoError(t, err)
					code, _, stderr := shpackRun("--strategy=fxc", "--entry="+r.vs, filepath.Join("corpus", "rewrite", r.vsFile))
					if code != exitOK {
						assert.Contains(t, stderr, "too many interpolators")
						assert.Greater(t, generalOutputs(origRep), 10, "the original overflows in the compiler's output too")
						t.Logf("original: %d general registers; rewritten: %d", generalOutputs(origRep), general)
						return
					}
					res = render(t, tool, origVS, origPS, r.want)
					assert.True(t, res.pass, "the original pair draws the same values:\n%s", res.output)
				})
			}
		})
	}
}

// linkFolder fills dir with symbolic links to the files of corpusDir, or to
// the file replace names for a file when it names one.
func linkFolder(t *testing.T, corpusDir, dir string, replace func(string) string) {
	t.Helper()
	require.NoError(t, os.MkdirAll(dir, 0o755))
	entries, err := os.ReadDir(corpusDir)
	require.NoError(t, err)
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		target := filepath.Join(corpusDir, e.Name())
		if replace != nil {
			if p := replace(e.Name()); p != "" {
				target = p
			}
		}
		require.NoError(t, os.Symlink(target, filepath.Join(dir, e.Name())))
	}
}

// compilePair compiles a render line's two entry points in dir.
func compilePair(t *testing.T, dir string, r renderLine, tag string) (vs, ps string) {
	t.Helper()
	vs = filepath.Join(dir, tag+"."+r.vs+".vs.cso")
	ps = filepath.Join(dir, tag+"."+r.ps+".ps.cso")
	msgs, err := vkd3d.Compile(t, dir, r.vsFile, r.vs, "vs_3_0", vs)
	require.NoError(t, err)
	if msgs != "" {
		t.Logf("%s %s: %s", tag, r.vs, msgs)
	}
	msgs, err = vkd3d.Compile(t, dir, r.psFile, r.ps, "ps_3_0", ps)
	require.NoError(t, err)
	if msgs != "" {
		t.Logf("%s %s: %s", tag, r.ps, msgs)
	}
	return vs, ps
}

// generalOutputs counts the distinct output registers a vertex shader
// declares other than POSITION0's and PSIZE's.
func generalOutputs(r *asmcheck.Report) int {
	var regs []string
	for _, d := range r.Decls {
		if d.Dir != "out" || d.Usage == "position" && d.Index == 0 || d.Usage == "psize" {
			continue
		}
		if !slices.Contains(regs, d.Reg) {
			regs = append(regs, d.Reg)
		}
	}
	return len(regs)
}

// checkPixelInputs checks that every pixel input with a semantic is a
// vertex output with the same semantic and mask.
func checkPixelInputs(t *testing.T, vs, ps *asmcheck.Report) {
	t.Helper()
	outs := map[string]string{}
	for _, d := range vs.Decls {
		if d.Dir == "out" {
			outs[d.Usage+strconv.Itoa(d.Index)] = d.Mask
		}
	}
	n := 0
	for _, d := range ps.Decls {
		if d.Dir != "in" || d.Usage == "" {
			continue // vPos, vFace
		}
		n++
		mask, ok := outs[d.Usage+strconv.Itoa(d.Index)]
		if assert.True(t, ok, "pixel input %s is written by the vertex shader", d) {
			assert.Equal(t, mask, d.Mask, "pixel input %s has the vertex output's mask", d)
		}
	}
	assert.Positive(t, n, "the pixel shader reads something")
}

// jsonGeneralRegisters is what shpack --format=json --portable reports
// for the outputs of a vertex entry point.
func jsonGeneralRegisters(t *testing.T, file, entry string) int {
	t.Helper()
	code, stdout, stderr := shpackRun("--format=json", "--portable", "--entry="+entry, file)
	require.Equal(t, exitOK, code, stderr)
	var l emit.LayoutJSON
	require.NoError(t, json.Unmarshal([]byte(stdout), &l))
	return l.GeneralRegisters
}
