package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/realcorpus"
	"github.com/shpack/shpack/internal/testenv"
)

// The rewrite's output checked by an HLSL compiler that is not shpack's:
// glslang's HLSL front end (Debian's glslang-tools), which parses and
// type-checks a whole entry point and everything it uses, and compiles it
// to SPIR-V. It proves the rewritten sources are valid HLSL with the types
// right; it says nothing of Direct3D 9 registers (the render tests and
// vkd3d do). glslang does not take the effect framework's own syntax, so
// effect files are given to it with technique blocks, texture declarations
// and sampler_state initializers blanked out (glslangReady); the original
// goes through the same, and the rewrite must be accepted wherever the
// original is.

// glslangTool returns glslangValidator's path; the test skips without it
// (CI unset) or fails (CI set: .ci/run installs glslang-tools), and skips
// on Windows (testenv.LinuxTool).
func glslangTool(t *testing.T) string {
	t.Helper()
	return testenv.LinuxTool(t, "glslangValidator", "that the HLSL compiles with glslang's HLSL front end")
}

var (
	effectBlock  = regexp.MustCompile(`(?m)^[ \t]*(technique|technique10|technique11|pass)\b`)
	textureDecl  = regexp.MustCompile(`(?m)^[ \t]*(texture|texture1D|texture2D|texture3D|textureCUBE|Texture|Texture2D)\b[^;{<]*(<[^>]*>)?\s*;`)
	samplerState = regexp.MustCompile(`=\s*sampler_state\s*\{`)
)

// glslangReady blanks out of an effect file what glslang's HLSL front end
// does not take, keeping every line break so that positions stay: technique
// blocks, texture declarations and sampler_state initializers.
func glslangReady(src string) string {
	b := []byte(src)
	blank := func(from, to int) {
		for i := from; i < to; i++ {
			if b[i] != '\n' && b[i] != '\r' {
				b[i] = ' '
			}
		}
	}
	closing := func(open int) int { // the index after the "}" matching b[open]
		depth := 0
		for i := open; i < len(b); i++ {
			switch b[i] {
			case '{':
				depth++
			case '}':
				depth--
				if depth == 0 {
					return i + 1
				}
			}
		}
		return len(b)
	}
	for _, m := range samplerState.FindAllIndex(b, -1) {
		blank(m[0], closing(m[1]-1))
	}
	for _, m := range textureDecl.FindAllIndex(b, -1) {
		blank(m[0], m[1])
	}
	for {
		m := effectBlock.FindIndex(b)
		if m == nil {
			break
		}
		open := strings.IndexByte(string(b[m[1]:]), '{')
		if open < 0 {
			blank(m[0], len(b))
			break
		}
		end := closing(m[1] + open)
		if end < len(b) && b[end] == ';' {
			end++
		}
		blank(m[0], end)
	}
	return string(b)
}

// glslang compiles entry of the HLSL file for stage ("vert", "frag"), as
// glslangReady makes it, with the include directories; it returns the
// compiler's messages on failure.
func glslang(t *testing.T, file, entry, stage string, includes ...string) error {
	t.Helper()
	src, err := os.ReadFile(file)
	require.NoError(t, err)
	// Beside the original, so that its includes are found as they are.
	ready := filepath.Join(testenv.TempDir(t), filepath.Base(file))
	require.NoError(t, os.WriteFile(ready, []byte(glslangReady(string(src))), 0o644))
	args := []string{"-V", "-D", "--hlsl-dx9-compatible", "-S", stage, "-e", entry, "-o", os.DevNull, "-I" + filepath.Dir(file)}
	for _, dir := range includes {
		args = append(args, "-I"+dir)
	}
	out, err := exec.Command(glslangTool(t), append(args, ready)...).CombinedOutput()
	if err != nil {
		return fmt.Errorf("glslangValidator -S %s -e %s %s: %v\n%s", stage, entry, file, err, out)
	}
	return nil
}

// TestRewriteGlslang: every pair of the rewrite corpus, rewritten, is valid
// HLSL to glslang for both stages, as the originals are.
func TestRewriteGlslang(t *testing.T) {
	glslangTool(t)
	t.Chdir(testenv.Root(t))
	n := 0
	for _, c := range rewriteCases(t) {
		if strings.HasPrefix(c.name, "err_") || len(c.renders) == 0 {
			continue
		}
		t.Run(c.name, func(t *testing.T) {
			code, _, stderr, out := runRewrite(t, c)
			require.Equal(t, exitOK, code, stderr)
			for _, r := range c.renders {
				for _, s := range []struct{ entry, file, stage string }{{r.vs, r.vsFile, "vert"}, {r.ps, r.psFile, "frag"}} {
					orig := filepath.Join("corpus", "rewrite", s.file)
					require.NoError(t, glslang(t, orig, s.entry, s.stage), "the original")
					rewritten := filepath.Join(out, s.file)
					if _, err := os.Stat(rewritten); err != nil {
						continue // not rewritten (a file of a pair that fits)
					}
					assert.NoError(t, glslang(t, rewritten, s.entry, s.stage, filepath.Join("corpus", "rewrite")), "the rewrite")
					n++
				}
			}
		})
	}
	assert.Positive(t, n)
}

// TestRewriteGlslangCorpusReal rewrites the real effect files of
// ../shared/corpus-real (profiles moved to vs_3_0/ps_3_0, every pair, as
// TestRewriteCorpusReal does) and has glslang compile each entry point of
// each pair, original and rewritten: the rewrite is valid HLSL wherever
// the original is. The counts are logged and the rewritten ones pinned.
func TestRewriteGlslangCorpusReal(t *testing.T) {
	testenv.Heavy(t)
	glslangTool(t)
	root := realcorpus.Root(t)
	tmp := testenv.TempDir(t)
	upgraded, pairs := realPairs(t, root, func(string) bool { return true })
	origDir, newDir := filepath.Join(tmp, "orig"), filepath.Join(tmp, "new")
	mirror(t, root, origDir, func(rel string) []byte { return upgraded[rel] })
	rewritten := map[string][]byte{}
	for rel := range upgraded {
		out := filepath.Join(tmp, "out", rel)
		require.NoError(t, os.MkdirAll(filepath.Dir(out), 0o755))
		args := append([]string{"rewrite", "--all", "-o", out}, realcorpus.Args(root, rel)...)
		code, _, stderr := shpackRun(append(args, filepath.Join(origDir, rel))...)
		if code != exitOK {
			// Counted by the pair; TestRewriteCorpusReal pins the reasons.
			require.Equal(t, exitInput, code, "%s:\n%s", rel, stderr)
			continue
		}
		data, err := os.ReadFile(out)
		require.NoError(t, err)
		rewritten[rel] = data
	}
	mirror(t, root, newDir, func(rel string) []byte { return rewritten[rel] })
	reasons := map[string]int{}
	checked := map[job]bool{}
	valid := 0
	for _, p := range pairs {
		for _, j := range []job{{p.file, p.vs, "vert"}, {p.file, p.ps, "frag"}} {
			if checked[j] {
				continue
			}
			checked[j] = true
			incs := realcorpus.Options(root, j.file).IncludeDirs
			if err := glslang(t, filepath.Join(origDir, j.file), j.entry, j.profile, incs...); err != nil {
				reasons["glslang refuses the original"]++
				continue
			}
			if rewritten[j.file] == nil {
				reasons["valid; the file is not rewritten (shpack rewrite says why)"]++
				continue
			}
			if !strings.Contains(string(rewritten[j.file]), "// Added by shpack: "+j.entry+" ") {
				reasons["valid; not rewritten (left as it is, with a note)"]++
				continue
			}
			if err := glslang(t, filepath.Join(newDir, j.file), j.entry, j.profile, incs...); err != nil {
				t.Errorf("%s: %s: glslang accepts the original and refuses the rewrite:\n%v", j.file, j.entry, err)
				continue
			}
			reasons["valid, original and rewritten"]++
			valid++
		}
	}
	var lines []string
	for r, n := range reasons {
		lines = append(lines, fmt.Sprintf("%4d  %s", n, r))
	}
	sort.Sort(sort.Reverse(sort.StringSlice(lines)))
	t.Logf("%d entry points of %d pairs in %d files:\n%s", len(checked), len(pairs), len(upgraded), strings.Join(lines, "\n"))
	assert.GreaterOrEqual(t, valid, 147, "entry points glslang accepts rewritten (147 when this was written)")
}
