package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/scratch"
	"github.com/shpack/shpack/internal/testenv"
)

// built is the shpack binary buildShpack makes, once per test process, in
// a folder TestMain removes at the end.
var built struct {
	once      sync.Once
	dir, path string
	err       error
}

// buildShpack compiles the command, once for the package's tests, and
// returns the binary's path. Tests must not change the binary nor put
// files beside it.
func buildShpack(tb testing.TB) string {
	tb.Helper()
	goTool := testenv.LinuxTool(tb, "go", "shpack built as its users build it (go build), run by a build tool")
	built.once.Do(func() {
		built.dir, built.err = scratch.Dir("", "shpack-built-")
		if built.err != nil {
			return
		}
		bin := filepath.Join(built.dir, "shpack")
		out, err := exec.Command(goTool, "build", "-o", bin, ".").CombinedOutput()
		if err != nil {
			built.err = fmt.Errorf("go build: %v\n%s", err, out)
			return
		}
		built.path = bin
	})
	require.NoError(tb, built.err)
	return built.path
}

// need returns the path of a build tool docs/build.md's recipes run (make,
// ninja, cmake), skipping the test when it is missing and CI is unset and
// on Windows (testenv.LinuxTool).
func need(t *testing.T, tool string) string {
	t.Helper()
	return testenv.LinuxTool(t, tool, "docs/build.md's recipe for "+tool+" with shpack")
}

const waterHLSL = `#include "common.fxh"
struct WATER_OUT {
    float4 Pos : POSITION;
    float2 UV : TEXCOORD0;
    WAVE_T Wave : TEXCOORD1;
};
WATER_OUT vs(float4 p : POSITION) { WATER_OUT o = (WATER_OUT)0; return o; }
`

// TestBuildIntegration runs docs/build.md's Makefile rule, Ninja rule and
// go:generate line with a freshly built shpack on PATH: the output appears,
// a second run does nothing, a change to an included file rebuilds, and an
// unchanged result keeps its timestamp.
func TestBuildIntegration(t *testing.T) {
	testenv.Heavy(t)
	snippets := docSnippets(t, "docs/build.md")
	bin := filepath.Dir(buildShpack(t))
	path := bin + string(os.PathListSeparator) + os.Getenv("PATH")
	run := func(t *testing.T, dir string, name string, args ...string) string {
		cmd := exec.Command(name, args...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "PATH="+path)
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s %v:\n%s", name, args, out)
		return string(out)
	}
	setup := func(t *testing.T, shaderDir string) string {
		dir := testenv.TempDir(t)
		require.NoError(t, os.MkdirAll(filepath.Join(dir, shaderDir), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, shaderDir, "water.hlsl"), []byte(waterHLSL), 0o644))
		require.NoError(t, os.WriteFile(filepath.Join(dir, shaderDir, "common.fxh"), []byte("#define WAVE_T float\n"), 0o644))
		return dir
	}
	// touch moves a file's time forward so tools see it as changed.
	touch := func(t *testing.T, p string, content string) {
		require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
		future := time.Now().Add(2 * time.Second)
		require.NoError(t, os.Chtimes(p, future, future))
	}
	const want = "dcl_texcoord o1 // WATER_OUT.UV = .xy, WATER_OUT.Wave = .z"

	t.Run("make", func(t *testing.T) {
		need(t, "make")
		dir := setup(t, "shaders")
		require.Contains(t, snippets, "Makefile")
		require.NoError(t, os.WriteFile(filepath.Join(dir, "Makefile"), []byte(snippets["Makefile"]), 0o644))
		run(t, dir, "make")
		out := filepath.Join(dir, "build", "water.vsh")
		asm, err := os.ReadFile(out)
		require.NoError(t, err)
		assert.Contains(t, string(asm), want)
		assert.Contains(t, run(t, dir, "make"), "Nothing to be done")

		// A change to the include reaches the output through the depfile.
		touch(t, filepath.Join(dir, "shaders", "common.fxh"), "#define WAVE_T float2\n")
		run(t, dir, "make")
		asm, _ = os.ReadFile(out)
		assert.Contains(t, string(asm), "dcl_texcoord o1 // WATER_OUT.UV = .xy, WATER_OUT.Wave = .zw")

		// A change that does not change the output: --touch moves the
		// output's time, so the next make has nothing to do (without it,
		// make would run shpack on every build from now on).
		// (Times in the past: --touch gives the output the current time,
		// which must be later than the header's.)
		past := time.Now().Add(-10 * time.Second)
		require.NoError(t, os.Chtimes(out, past, past))
		hdr := filepath.Join(dir, "shaders", "common.fxh")
		require.NoError(t, os.WriteFile(hdr, []byte("// a comment\n#define WAVE_T float2\n"), 0o644))
		require.NoError(t, os.Chtimes(hdr, past.Add(5*time.Second), past.Add(5*time.Second)))
		assert.Contains(t, run(t, dir, "make"), "shpack --touch")
		assert.Contains(t, run(t, dir, "make"), "Nothing to be done", "no loop after an unchanged output")

		// Deleting the header (and its use) does not break make: the
		// depfile gives it an empty rule.
		require.NoError(t, os.WriteFile(filepath.Join(dir, "shaders", "water.hlsl"), []byte(strings.Replace(waterHLSL, `#include "common.fxh"`, "#define WAVE_T float", 1)), 0o644))
		require.NoError(t, os.Remove(filepath.Join(dir, "shaders", "common.fxh")))
		run(t, dir, "make")
		assert.Contains(t, run(t, dir, "make"), "Nothing to be done")
	})

	t.Run("ninja", func(t *testing.T) {
		need(t, "ninja")
		dir := setup(t, "shaders")
		require.Contains(t, snippets, "build.ninja")
		require.NoError(t, os.WriteFile(filepath.Join(dir, "build.ninja"), []byte(snippets["build.ninja"]), 0o644))
		run(t, dir, "ninja")
		asm, err := os.ReadFile(filepath.Join(dir, "build", "water.vsh"))
		require.NoError(t, err)
		assert.Contains(t, string(asm), want)
		assert.Contains(t, run(t, dir, "ninja"), "no work to do")
		touch(t, filepath.Join(dir, "shaders", "common.fxh"), "#define WAVE_T float3\n")
		assert.Contains(t, run(t, dir, "ninja"), "shpack shaders/water.hlsl")
		asm, _ = os.ReadFile(filepath.Join(dir, "build", "water.vsh"))
		assert.Contains(t, string(asm), "dcl_texcoord1 o1 // WATER_OUT.Wave = .xyz")

		// An unchanged output keeps its time, and restat keeps ninja
		// from running shpack again.
		out := filepath.Join(dir, "build", "water.vsh")
		before, err := os.Stat(out)
		require.NoError(t, err)
		touch(t, filepath.Join(dir, "shaders", "common.fxh"), "// a comment\n#define WAVE_T float3\n")
		run(t, dir, "ninja")
		after, err := os.Stat(out)
		require.NoError(t, err)
		assert.Equal(t, before.ModTime(), after.ModTime(), "unchanged output is not rewritten")
		assert.Contains(t, run(t, dir, "ninja"), "no work to do")
	})

	t.Run("go generate", func(t *testing.T) {
		dir := setup(t, ".")
		require.Contains(t, snippets, "shaders.go")
		require.NoError(t, os.WriteFile(filepath.Join(dir, "shaders.go"), []byte(snippets["shaders.go"]), 0o644))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "go.mod"), []byte("module example.com/shaders\n\ngo 1.26\n"), 0o644))
		run(t, dir, "go", "generate", "./...")
		asm, err := os.ReadFile(filepath.Join(dir, "water.vsh"))
		require.NoError(t, err)
		assert.Contains(t, string(asm), want)
	})
}

// TestBuildFanOut runs docs/build.md's fan-out Ninja build (an uber shader
// rewritten once for its permutations, a pair rewritten stage by stage
// through a layout file, every compile step apart) with -j8 and, from
// clean, with -j1: the same outputs byte for byte, whatever the order or
// the parallelism; a second run has nothing to do.
func TestBuildFanOut(t *testing.T) {
	testenv.Heavy(t)
	need(t, "ninja")
	glslangTool(t)
	snippets := docSnippets(t, "docs/build.md")
	require.Contains(t, snippets, "fanout.ninja")
	bin := filepath.Dir(buildShpack(t))
	dir := testenv.TempDir(t)
	files := map[string]string{"fanout.ninja": snippets["fanout.ninja"], "perm.hlsl": permShader, "perm.variants": permVariants}
	p := newStagesPair()
	files["FooV.hlsl"], files["FooP.hlsl"] = p.vs, p.ps["FooP.hlsl"]
	for name, src := range files {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(src), 0o644))
	}
	ninja := func(args ...string) string {
		cmd := exec.Command("ninja", append([]string{"-f", "fanout.ninja"}, args...)...)
		cmd.Dir = dir
		cmd.Env = append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "ninja %v:\n%s", args, out)
		return string(out)
	}
	outputs := func() map[string]string {
		m := map[string]string{}
		entries, err := os.ReadDir(filepath.Join(dir, "build"))
		require.NoError(t, err)
		for _, e := range entries {
			if strings.HasSuffix(e.Name(), ".d") {
				continue
			}
			b, err := os.ReadFile(filepath.Join(dir, "build", e.Name()))
			require.NoError(t, err)
			m[e.Name()] = string(b)
		}
		return m
	}
	ninja("-j8")
	first := outputs()
	for _, want := range []string{"perm.hlsl", "perm.full.vs", "perm.full.ps", "perm.base.ps", "FooV.hlsl", "foo.layout", "FooP.hlsl", "FooV.vs", "FooP.ps"} {
		assert.NotEmpty(t, first[want], want)
	}
	assert.Contains(t, ninja("-j8"), "no work to do")
	ninja("-t", "clean")
	ninja("-j1")
	assert.Equal(t, first, outputs(), "the same outputs with -j1 from clean")
}

// TestGoAPIExample runs the Go program of docs/build.md (and README.md),
// from the repository's root as a reader of a clone would: it prints what
// shpack rewrite prints for the same effect, output and notes.
func TestGoAPIExample(t *testing.T) {
	testenv.Heavy(t)
	goTool := testenv.LinuxTool(t, "go", "the Go API's example program, run with go run")
	snippets := docSnippets(t, "docs/build.md")
	require.Contains(t, snippets, "rewrite.go")
	prog := filepath.Join(testenv.TempDir(t), "rewrite.go")
	require.NoError(t, os.WriteFile(prog, []byte(snippets["rewrite.go"]), 0o644))
	cmd := exec.Command(goTool, "run", prog)
	cmd.Dir = testenv.Root(t)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	require.NoError(t, cmd.Run(), stderr.String())

	sh := exec.Command(buildShpack(t), "rewrite", "corpus/rewrite/sdk_effect_out_params.fx")
	sh.Dir = cmd.Dir
	var wantOut, wantErr bytes.Buffer
	sh.Stdout, sh.Stderr = &wantOut, &wantErr
	require.NoError(t, sh.Run(), wantErr.String())
	assert.Equal(t, wantOut.String(), stdout.String())
	assert.Equal(t, wantErr.String(), stderr.String())
	assert.NotEmpty(t, stderr.String(), "a note says what was packed")
}
