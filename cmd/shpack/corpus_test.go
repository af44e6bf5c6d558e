package main

import (
	"bytes"
	"encoding/json"
	"flag"
	"fmt"
	"io/fs"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/corpus"
	"github.com/shpack/shpack/emit"
	"github.com/shpack/shpack/internal/asmcheck"
	"github.com/shpack/shpack/internal/testenv"
	"github.com/shpack/shpack/pack"
)

var update = flag.Bool("update", false, "rewrite golden files and test scripts")

// shpackRun runs the command in-process and returns exit code, stdout, stderr.
func shpackRun(args ...string) (int, string, string) {
	var stdout, stderr bytes.Buffer
	code := run(args, strings.NewReader(""), &stdout, &stderr)
	return code, stdout.String(), stderr.String()
}

// corpusPath returns the path of a corpus file from this package's directory.
func corpusPath(t *testing.T, name string) string {
	return filepath.Join(testenv.Root(t), "corpus", name)
}

// TestCorpusGolden packs every corpus file with every strategy and compares
// the output (or the diagnostics, for files that must fail) with the golden
// files in corpus/testdata. The default strategy's JSON is golden too.
func TestCorpusGolden(t *testing.T) {
	root := testenv.Root(t)
	for _, name := range corpus.Names() {
		src, err := fs.ReadFile(corpus.FS(), name)
		require.NoError(t, err)
		args := corpus.Args(src)
		path := filepath.Join("corpus", name)
		base := strings.TrimSuffix(name, filepath.Ext(name))
		for _, st := range pack.Names() {
			t.Run(name+"/"+st, func(t *testing.T) {
				t.Chdir(root) // diagnostics name the file as given: corpus/NAME
				code, stdout, stderr := shpackRun(append(append([]string{"--strategy=" + st}, args...), path)...)
				var got, ext string
				if code == 0 {
					got, ext = stdout, ".vsh"
					assert.Empty(t, stderr)
				} else {
					got, ext = fmt.Sprintf("exit %d\n%s", code, stderr), ".err"
					assert.Empty(t, stdout, "nothing on stdout when the run fails")
				}
				if corpus.ExpectError(name) {
					assert.NotEqual(t, 0, code, "err_ files fail with every strategy")
				} else if code != 0 {
					assert.Contains(t, stderr, "too many interpolators", "other files fail only by overflowing with a weaker strategy")
				}
				testenv.Golden(t, filepath.Join(root, "corpus", "testdata", base+"."+st+ext), []byte(got), *update)

				// Same input, same bytes.
				code2, stdout2, stderr2 := shpackRun(append(append([]string{"--strategy=" + st}, args...), path)...)
				assert.Equal(t, code, code2)
				assert.Equal(t, stdout, stdout2)
				assert.Equal(t, stderr, stderr2)
			})
		}
		if corpus.ExpectError(name) {
			continue
		}
		t.Run(name+"/json", func(t *testing.T) {
			t.Chdir(root)
			code, stdout, stderr := shpackRun(append(append([]string{"--format=json"}, args...), path)...)
			require.Equal(t, 0, code, stderr)
			testenv.Golden(t, filepath.Join(root, "corpus", "testdata", base+".json"), []byte(stdout), *update)
		})
	}
}

// TestCorpusAssembles assembles every program shpack emits for the corpus
// with the independent MojoShader-based check, and compares the declarations
// read back from the bytecode with the JSON shpack printed for the same run.
func TestCorpusAssembles(t *testing.T) {
	asmcheck.Tool(t)
	root := testenv.Root(t)
	checked := 0
	for _, name := range corpus.Names() {
		if corpus.ExpectError(name) {
			continue
		}
		src, err := fs.ReadFile(corpus.FS(), name)
		require.NoError(t, err)
		args := append(corpus.Args(src), filepath.Join(root, "corpus", name))
		for _, st := range pack.Names() {
			code, asm, stderr := shpackRun(append([]string{"--strategy=" + st}, args...)...)
			if code != 0 {
				continue // an overflow for this strategy, pinned by the golden test
			}
			code, js, stderr := shpackRun(append([]string{"--strategy=" + st, "--format=json"}, args...)...)
			require.Equal(t, 0, code, stderr)
			var layout emit.LayoutJSON
			require.NoError(t, json.Unmarshal([]byte(js), &layout))

			rep, err := asmcheck.Check(t, asm)
			require.NoError(t, err, "%s/%s:\n%s", name, st, asm)
			assert.Equal(t, "vs_3_0", rep.Profile)
			assert.Equal(t, declsFromJSON(layout), declStrings(rep.Decls), "%s/%s", name, st)
			checked++
		}
	}
	t.Logf("%d programs assembled and read back", checked)
}

// declsFromJSON lists what the JSON says was declared, in the tool's order
// (by register number, then lowest component) and format.
func declsFromJSON(l emit.LayoutJSON) []string {
	type d struct {
		reg, comp int
		s         string
	}
	var ds []d
	for _, e := range l.Elements {
		if e.Register == "" {
			continue
		}
		var n int
		fmt.Sscanf(e.Register, "o%d", &n)
		comp := strings.IndexByte("xyzw", e.Mask[0])
		ds = append(ds, d{n, comp, fmt.Sprintf("out %s %s %s %d", e.Register, e.Mask, strings.ToLower(e.Semantic), e.Index)})
	}
	for i := 1; i < len(ds); i++ {
		for j := i; j > 0 && (ds[j].reg < ds[j-1].reg || ds[j].reg == ds[j-1].reg && ds[j].comp < ds[j-1].comp); j-- {
			ds[j], ds[j-1] = ds[j-1], ds[j]
		}
	}
	out := make([]string, len(ds))
	for i, x := range ds {
		out[i] = x.s
	}
	return out
}

func declStrings(ds []asmcheck.Decl) []string {
	out := make([]string, len(ds))
	for i, d := range ds {
		out[i] = d.String()
	}
	return out
}
