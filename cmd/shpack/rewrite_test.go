package main

import (
	"bufio"
	"bytes"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/hlsl"
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
		// Inputs as a user types them, from the repository root: the
		// goldens name them so.
		c := rewriteCase{name: e.Name(), inputs: []string{"corpus/rewrite/" + e.Name()}}
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
						c.inputs = append(c.inputs, "corpus/rewrite/"+a)
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

// rewriteWorkspace copies the rewrite corpus into a new folder, as
// corpus/rewrite there, and returns the folder: a case's inputs are paths
// from it, as from the repository's root.
func rewriteWorkspace(t *testing.T) string {
	t.Helper()
	ws := testenv.TempDir(t)
	copyFolder(t, filepath.Join(testenv.Root(t), "corpus", "rewrite"), filepath.Join(ws, "corpus", "rewrite"), nil)
	return ws
}

// runRewriteIn rewrites a case from workspace ws (rewriteWorkspace) into
// ws/corpus/OUT (--out-dir), a folder beside the corpus's own: an output
// written into another folder than its input names the includes its
// input finds beside itself from there ("../rewrite/NAME"), the same
// bytes wherever the workspace is. It returns the outputs' folder.
func runRewriteIn(t *testing.T, ws string, c rewriteCase, out string) (code int, stdout, stderr, dir string) {
	t.Helper()
	t.Chdir(ws)
	dir = filepath.Join(ws, "corpus", out)
	require.NoError(t, os.MkdirAll(dir, 0o755))
	args := append([]string{"rewrite"}, c.flags...)
	args = append(args, "--out-dir=corpus/"+out)
	args = append(args, c.inputs...)
	code, stdout, stderr = shpackRun(args...)
	return code, stdout, stderr, dir
}

// runRewrite is runRewriteIn in a workspace of its own, into corpus/out.
func runRewrite(t *testing.T, c rewriteCase) (code int, stdout, stderr, dir string) {
	t.Helper()
	return runRewriteIn(t, rewriteWorkspace(t), c, "out")
}

// TestRewriteGolden rewrites every case of the rewrite corpus and compares
// the rewritten files, the notes (every one: -v) and the errors with
// corpus/rewrite/testdata. Without -v the notes are those that say what
// was packed, one line per vertex shader at most, as a compiler is quiet.
func TestRewriteGolden(t *testing.T) {
	root := testenv.Root(t)
	golden := filepath.Join(root, "corpus", "rewrite", "testdata")
	for _, c := range rewriteCases(t) {
		t.Run(c.name, func(t *testing.T) {
			quiet := c
			c.flags = append(slices.Clone(c.flags), "-v")
			code, stdout, stderr, dir := runRewrite(t, c)
			qcode, _, qstderr, _ := runRewrite(t, quiet)
			assert.Equal(t, code, qcode)
			if !strings.HasPrefix(c.name, "err_") {
				verbose := strings.SplitAfter(stderr, "\n")
				for _, l := range strings.SplitAfter(qstderr, "\n") {
					if l != "" {
						assert.Contains(t, verbose, l, "a quiet line is one of -v's")
						assert.Regexp(t, `: note: \w+: (\d+ outputs packed into|\d+ variants share one layout|reads \d+ of the layout file)`, l, "quiet: only what was packed")
					}
				}
			}
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
			// as the file written beside it (where no include moves).
			code2, _, stderr2, dir2 := runRewrite(t, c)
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
				beside := c.inputs[0] + ".packed"
				code4, _, _ := shpackRun(append(append([]string{"rewrite"}, c.flags...), "-o", beside, c.inputs[0])...)
				assert.Equal(t, exitOK, code4)
				a, _ := os.ReadFile(beside)
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
	assert.Empty(t, stderr, "nothing packed, nothing said, as a compiler")
	code, stdout, stderr = shpackRun("rewrite", "-v", path)
	require.Equal(t, exitOK, code, stderr)
	assert.Equal(t, string(src), stdout)
	assert.Contains(t, stderr, "left as it is", "-v says why")
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
			code, _, stderr, out := runRewrite(t, c)
			require.Equal(t, exitOK, code, stderr)
			// The compiler opens includes from its working directory: give
			// each build a folder with the corpus, the rewritten files over
			// their originals in the new one (the outputs' own folder, from
			// which their includes are named).
			orig, rewritten := filepath.Join(filepath.Dir(out), "orig"), out
			copyFolder(t, corpusDir, orig, nil)
			copyFolder(t, corpusDir, rewritten, func(name string) string {
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
					m := regexp.MustCompile(regexp.QuoteMeta(r.vs) + `: \d+ outputs packed into (\d+) general registers`).FindStringSubmatch(stderr)
					require.NotNil(t, m, "the rewrite's note on %s:\n%s", r.vs, stderr)
					want, _ := strconv.Atoi(m[1])
					assert.LessOrEqual(t, general, 10, "the rewritten vertex shader fits in vs_3_0")
					assert.Equal(t, want, general, "the compiler uses as many general registers as shpack reports")
					checkPixelInputs(t, vsRep, psRep)
					assert.Empty(t, checkFiles(t, vsCSO, psCSO).Problems, "shpack check on the compiled rewrite")
					res := render(t, tool, vsCSO, psCSO, r.want)
					assert.True(t, res.pass, "the rewritten pair draws the values:\n%s", res.output)

					origVS, origPS := compilePair(t, orig, r, "orig")
					// The rewrite costs the program nothing: at most one
					// temporary more than the original compiled alone.
					for _, f := range [][2]string{{origVS, vsCSO}, {origPS, psCSO}} {
						before, after := temporaries(t, f[0]), temporaries(t, f[1])
						assert.LessOrEqual(t, after, before+1, "%s uses %d temporaries rewritten, %d as written", f[1], after, before)
					}
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

// copyFolder fills dir with copies of the files of corpusDir, or of the
// file replace names for a file when it names one. (Copies, not symbolic
// links: under Wine, which runs the Windows build's tests, os.Symlink
// makes none and says it did.)
func copyFolder(t *testing.T, corpusDir, dir string, replace func(string) string) {
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
		data, err := os.ReadFile(target)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, e.Name()), data, 0o644))
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

// TestRewriteCommandLine pins the usage errors and the input errors of
// shpack rewrite.
func TestRewriteCommandLine(t *testing.T) {
	t.Chdir(testenv.Root(t))
	sdk := filepath.Join("corpus", "rewrite", "sdk_effect_out_params.fx")
	tests := []struct {
		args   []string
		code   int
		stderr string
	}{
		{[]string{"rewrite"}, exitUsage, "shpack: rewrite: no input file"},
		{[]string{"rewrite", "--vs-entry=A", sdk}, exitUsage, "--vs-entry alone rewrites the vertex stage alone: give --layout-out=FILE"},
		{[]string{"rewrite", sdk, sdk}, exitUsage, "2 input files need --out-dir=DIR"},
		{[]string{"rewrite", "-o", "x.fx", "--out-dir=d", sdk}, exitUsage, "-o and --out-dir cannot be used together"},
		{[]string{"rewrite", "--depfile=x.d", sdk}, exitUsage, "--depfile needs -o FILE or --out-dir=DIR"},
		{[]string{"rewrite", "--strategy=nope", sdk}, exitUsage, `unknown strategy "nope"`},
		{[]string{"rewrite", "--nope", sdk}, exitUsage, "unknown flag --nope"},
		{[]string{"rewrite", "--out-dir=" + testenv.TempDir(t), sdk, filepath.Join("corpus", "effect_file.fx"), filepath.Join("corpus", "rewrite", "effect_file.fx")}, exitUsage, "would both write"},
		{[]string{"rewrite", "--out-dir=corpus/rewrite", sdk}, exitUsage, "would overwrite it"},
		{[]string{"rewrite", "missing.fx"}, exitInput, "missing.fx: error: cannot read: " + notFound},
		{[]string{"rewrite", "--vs-entry=Nope", "--ps-entry=ScenePS", sdk}, exitInput, "error: no function named Nope in " + sdk},
		{[]string{"rewrite", "--vs-entry=SceneVS", "--ps-entry=FogPS", "-D", "X(=1", sdk}, exitInput, "error:"},
	}
	for _, tc := range tests {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			code, stdout, stderr := shpackRun(tc.args...)
			assert.Equal(t, tc.code, code, stderr)
			assert.Contains(t, stderr, tc.stderr)
			assert.Empty(t, stdout)
		})
	}
	code, stdout, _ := shpackRun("rewrite", "--help")
	assert.Equal(t, exitOK, code)
	assert.Contains(t, stdout, "Usage: shpack rewrite [flags] FILE...")
}

// TestRewriteOutputs: -o is atomic and left untouched on error, --depfile
// names every file read, and standard input works.
func TestRewriteOutputs(t *testing.T) {
	t.Chdir(testenv.Root(t))
	dir := testenv.TempDir(t)
	out := filepath.Join(dir, "out.fx")
	require.NoError(t, os.WriteFile(out, []byte("previous\n"), 0o644))
	code, _, stderr := shpackRun("rewrite", "-o", out, filepath.Join("corpus", "rewrite", "err_no_fit_packed.fx"))
	require.Equal(t, exitInput, code)
	assert.Contains(t, stderr, "too many interpolators")
	got, _ := os.ReadFile(out)
	assert.Equal(t, "previous\n", string(got), "an error leaves the output as it was")

	vs := "corpus/rewrite/two_files_vs.hlsl" // as typed, as the depfile names them
	ps := "corpus/rewrite/two_files_ps.hlsl"
	dep := filepath.Join(dir, "out.d")
	code, _, stderr = shpackRun("rewrite", "--vs-entry=MainVS", "--ps-entry=MainPS", "--out-dir="+dir, "--depfile="+dep, vs, ps)
	require.Equal(t, exitOK, code, stderr)
	d, err := os.ReadFile(dep)
	require.NoError(t, err)
	// The include by the name it was opened by: its includer's folder and
	// its name joined by filepath.Join.
	common := filepath.Join("corpus", "rewrite", "two_files_common.fxh")
	assert.Equal(t, filepath.Join(dir, "two_files_vs.hlsl")+`: \
  corpus/rewrite/two_files_vs.hlsl \
  `+common+` \
  corpus/rewrite/two_files_ps.hlsl
`+filepath.Join(dir, "two_files_ps.hlsl")+`: \
  corpus/rewrite/two_files_vs.hlsl \
  `+common+` \
  corpus/rewrite/two_files_ps.hlsl

`+common+`:
`, string(d))

	src, err := os.ReadFile(filepath.Join("corpus", "rewrite", "sdk_effect_out_params.fx"))
	require.NoError(t, err)
	var stdout bytes.Buffer
	var errBuf bytes.Buffer
	code = run([]string{"rewrite", "-"}, bytes.NewReader(src), &stdout, &errBuf)
	require.Equal(t, exitOK, code, errBuf.String())
	assert.Contains(t, stdout.String(), "#line 52 \"<stdin>\"")
	assert.Contains(t, errBuf.String(), "<stdin>:21:1: note: SceneVS: 12 outputs packed")
}

// TestRewriteIdempotent: a rewritten file fits, so rewriting it again
// changes nothing.
func TestRewriteIdempotent(t *testing.T) {
	for _, c := range rewriteCases(t) {
		if strings.HasPrefix(c.name, "err_") || slices.Contains(c.flags, "--all") {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			ws := rewriteWorkspace(t)
			code, _, stderr, dir := runRewriteIn(t, ws, c, "out")
			require.Equal(t, exitOK, code, stderr)
			// Run again on the outputs, into a folder beside theirs (their
			// includes name the corpus's headers from there).
			again := c
			again.inputs = nil
			for _, in := range c.inputs {
				again.inputs = append(again.inputs, "corpus/out/"+filepath.Base(in))
			}
			code, _, stderr, dir2 := runRewriteIn(t, ws, again, "again")
			require.Equal(t, exitOK, code, stderr)
			assert.NotContains(t, stderr, "packed into")
			for _, in := range c.inputs {
				a, _ := os.ReadFile(filepath.Join(dir, filepath.Base(in)))
				b, _ := os.ReadFile(filepath.Join(dir2, filepath.Base(in)))
				assert.Equal(t, string(a), string(b))
			}
		})
	}
}

func fileExists(p string) bool {
	_, err := os.Stat(p)
	return err == nil
}

// TestRewriteLineNumbers: outside the blocks shpack adds, every token of
// the original that the rewritten file still holds has the file name and
// line it has in the original (the #line directives and the line-keeping
// edits at work), so a compiler's messages about the user's code point at
// the user's file and line. The added blocks run from a "// Added by
// shpack" line to the #line directive that ends them; the original's
// tokens are found in the rewritten file's by a longest common
// subsequence, and what the rewrite edits (return types, returns, the
// parameters that go) is the rest.
func TestRewriteLineNumbers(t *testing.T) {
	for _, c := range rewriteCases(t) {
		if strings.HasPrefix(c.name, "err_") {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			code, _, stderr, dir := runRewrite(t, c)
			require.Equal(t, exitOK, code, stderr)
			for _, in := range c.inputs {
				orig, err := os.ReadFile(in)
				require.NoError(t, err)
				rewritten, err := os.ReadFile(filepath.Join(dir, filepath.Base(in)))
				require.NoError(t, err)
				ot, errs := hlsl.Scan(in, orig)
				require.Empty(t, errs)
				var want []hlsl.Token
				for i, tk := range ot {
					if tk.Kind != hlsl.TokEOF && !isDirectiveLine(ot, i) {
						want = append(want, tk)
					}
				}
				got, lines, files := presumedTokens(t, in, uncomment(string(rewritten), string(orig)))
				matched := 0
				for _, m := range lcsTokens(want, got, lines) {
					w := want[m[0]]
					assert.Equal(t, in, files[m[1]], "%s: %q", in, w.Text)
					assert.Equal(t, w.Line(), lines[m[1]], "%s: %q at %d:%d", in, w.Text, w.Line(), w.Col())
					matched++
				}
				// What the rewrite edits is a few tokens of each entry
				// point; everything else stays.
				assert.GreaterOrEqual(t, matched*10, len(want)*7, "%s: %d of %d tokens kept", in, matched, len(want))
			}
		})
	}
}

// uncomment blanks the delimiters of the block comments of a rewritten
// file that the original does not have: what the rewrite took out stays
// there as a comment, in place, and is compared as tokens.
func uncomment(text, orig string) string {
	b := []byte(text)
	for at := 0; ; {
		i := strings.Index(text[at:], "/*")
		if i < 0 {
			break
		}
		i += at
		j := strings.Index(text[i:], "*/")
		if j < 0 {
			break
		}
		j += i
		if !strings.Contains(orig, text[i:j+2]) {
			b[i], b[i+1], b[j], b[j+1] = ' ', ' ', ' ', ' '
		}
		at = j + 2
	}
	return string(b)
}

// presumedTokens scans a rewritten file and returns its tokens outside the
// blocks shpack adds (and outside directives), with the line and file
// each has as the #line directives set them.
func presumedTokens(t *testing.T, name, text string) (toks []hlsl.Token, lines []int, files []string) {
	t.Helper()
	added := addedRanges(text)
	raw, errs := hlsl.Scan(name, []byte(text))
	require.Empty(t, errs)
	delta, file := 0, name // presumed line = physical line + delta
	for i, tk := range raw {
		if tk.Kind == hlsl.TokEOF {
			break
		}
		if isDirectiveLine(raw, i) {
			if tk.BOL && i+3 < len(raw) && raw[i+1].Text == "line" {
				n, err := strconv.Atoi(raw[i+2].Text)
				require.NoError(t, err)
				delta = n - (tk.Line() + 1)
				if raw[i+3].Kind == hlsl.TokString && raw[i+3].Line() == tk.Line() {
					file, err = strconv.Unquote(raw[i+3].Text)
					require.NoError(t, err)
				}
			}
			continue
		}
		if inRanges(added, int(tk.Off)) {
			continue
		}
		toks = append(toks, tk)
		lines = append(lines, tk.Line()+delta)
		files = append(files, file)
	}
	return toks, lines, files
}

// lcsTokens pairs the tokens of a and b that a longest common subsequence
// of their texts matches, as index pairs in order; among the longest, one
// with the most pairs on the same line (a's own, b's in bLines).
func lcsTokens(a, b []hlsl.Token, bLines []int) [][2]int {
	n, m := len(a), len(b)
	score := func(i, j int) int32 { // the value of pairing a[i] with b[j]
		if a[i].Text != b[j].Text {
			return -1
		}
		if a[i].Line() == bLines[j] {
			return 1001
		}
		return 1000
	}
	dp := make([][]int32, n+1)
	for i := range dp {
		dp[i] = make([]int32, m+1)
	}
	for i := n - 1; i >= 0; i-- {
		for j := m - 1; j >= 0; j-- {
			dp[i][j] = max(dp[i+1][j], dp[i][j+1])
			if sc := score(i, j); sc > 0 {
				dp[i][j] = max(dp[i][j], dp[i+1][j+1]+sc)
			}
		}
	}
	var out [][2]int
	for i, j := 0, 0; i < n && j < m; {
		switch sc := score(i, j); {
		case sc > 0 && dp[i][j] == dp[i+1][j+1]+sc:
			out = append(out, [2]int{i, j})
			i++
			j++
		case dp[i][j] == dp[i+1][j]:
			i++
		default:
			j++
		}
	}
	return out
}

// addedRanges returns the byte ranges of the blocks a rewrite added: from
// a "// Added by shpack" line to the #line that ends the block (the copies
// of called functions in a block, each under a #line of its own, are the
// rewrite's too).
func addedRanges(text string) [][2]int {
	var out [][2]int
	start := -1
	off := 0
	copying := false // in a copy of a called function, whose #line opens it
	for _, line := range strings.SplitAfter(text, "\n") {
		switch {
		case strings.HasPrefix(line, "// Added by shpack: a copy of "):
			if start < 0 {
				start = off
			}
			copying = true
		case strings.HasPrefix(line, "// Added by shpack"):
			start = off
		case start >= 0 && strings.HasPrefix(line, "#line ") && copying:
			copying = false
		case start >= 0 && strings.HasPrefix(line, "#line "):
			out = append(out, [2]int{start, off + len(line)})
			start = -1
		}
		off += len(line)
	}
	return out
}

func inRanges(rs [][2]int, off int) bool {
	for _, r := range rs {
		if off >= r[0] && off < r[1] {
			return true
		}
	}
	return false
}

// isDirectiveLine reports whether token i of a scanned file is part of a
// preprocessor directive line.
func isDirectiveLine(toks []hlsl.Token, i int) bool {
	for j := i; j >= 0; j-- {
		if toks[j].BOL {
			return toks[j].Kind == hlsl.TokPunct && toks[j].Text == "#"
		}
	}
	return false
}
