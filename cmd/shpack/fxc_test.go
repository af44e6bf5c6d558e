package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/check"
	"github.com/shpack/shpack/internal/fxcstandin"
	"github.com/shpack/shpack/internal/testenv"
	"github.com/shpack/shpack/internal/vkd3d"
)

// The test binary is the stand-in compiler when it runs as fxc (or
// vkd3d-compiler): built for the platform the tests run on, a Windows
// program under Wine.
func init() { fxcstandin.Dispatch() }

// standinPaths are one test's copies of the stand-in compiler.
type standinPaths struct{ dir, fxc, vkd3d string }

// standin puts the stand-in compiler (internal/fxcstandin: this test
// binary) in a folder of the test's, as fxc and vkd3d-compiler (.exe on
// Windows).
func standin(t *testing.T) standinPaths {
	t.Helper()
	dir := testenv.TempDir(t)
	fxc, vkd3d, err := fxcstandin.Install(dir)
	require.NoError(t, err)
	return standinPaths{dir, fxc, vkd3d}
}

// standinRun is one line of the stand-in's log.
type standinRun = fxcstandin.Entry

// standinLog reads the stand-in's log (none yet: no lines).
func standinLog(t *testing.T, path string) []standinRun {
	t.Helper()
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	require.NoError(t, err)
	defer f.Close()
	var runs []standinRun
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var r standinRun
		require.NoError(t, json.Unmarshal(sc.Bytes(), &r))
		runs = append(runs, r)
	}
	return runs
}

// fxcBad has an error the stand-in reports (STANDIN_ERROR) on line 6,
// column 38, after the generated blocks of the rewrite.
const fxcBad = `#include "common.fxh"
float4 mainPS(VS_OUT i) : COLOR
{
    return i.A + i.B + i.C + i.D + i.E + i.F + i.G + i.H + i.I + i.J;
}
float4 broken(float4 x) { return x + STANDIN_ERROR; }
technique T { pass P { VertexShader = compile vs_3_0 mainVS(); PixelShader = compile ps_3_0 mainPS(); } }
`

// TestFxcCommand: shpack fxc in front of fxc's command line (issue 26),
// with the stand-in compiler in both dialects: the source is rewritten
// (the overflowing vertex shader of a shared header) and compiled, the
// files fxc writes are written, and the program passes shpack check; a
// source with nothing to pack reaches the compiler byte for byte; every
// fxc flag of the list is understood (and passed on to fxc);
// the compiler's errors come back at the user's line in fxc's format with
// its exit status, and nothing is written.
func TestFxcCommand(t *testing.T) {
	st := standin(t)
	dir := testenv.TempDir(t)
	t.Chdir(dir)
	log := filepath.Join(dir, "standin.log")
	t.Setenv("SHPACK_STANDIN_LOG", log)
	t.Setenv("SHPACK_FXC", "")
	require.NoError(t, os.WriteFile("common.fxh", []byte(includeHeader), 0o644))
	require.NoError(t, os.WriteFile("main.fx", []byte(includeMain), 0o644))
	require.NoError(t, os.WriteFile("bad.fx", []byte(fxcBad), 0o644))
	fits := "float4 VS(float4 p : POSITION, out float2 uv : TEXCOORD0) : POSITION { uv = p.xy; return p; }\n"
	require.NoError(t, os.WriteFile("fits.hlsl", []byte(fits), 0o644))
	flags := []string{"/O0", "/O1", "/O2", "/O3", "/Od", "/Zi", "/Zpr", "/Zpc", "/Gec", "/WX", "/Ni", "/Cc"}
	require.NoError(t, os.WriteFile("args.rsp", []byte(strings.Join(flags, " ")+" /DUNUSED=1 /I ."), 0o644))

	for _, c := range []struct{ name, path string }{{"fxc", st.fxc}, {"vkd3d-compiler", st.vkd3d}} {
		compiler := c.name
		t.Run(compiler, func(t *testing.T) {
			cc := "--compiler=" + c.path
			os.Remove(log)
			code, _, stderr := shpackRun("fxc", cc, "/nologo", "/T", "vs_3_0", "/E", "mainVS", "/Fo", compiler+".vso", "/Fc"+compiler+".asm", "/Fh", compiler+".h", "/Vn", "g_vs", "@args.rsp", "main.fx")
			require.Equal(t, exitOK, code, stderr)
			code, _, stderr = shpackRun("fxc", cc, "-Tps_3_0", "-EmainPS", "-Fo"+compiler+".pso", "main.fx")
			require.Equal(t, exitOK, code, stderr)
			assert.Contains(t, string(got0(t, compiler+".h")), "g_vs[]")
			assert.Contains(t, string(got0(t, compiler+".asm")), "vs_3_0")
			assert.Empty(t, checkFiles(t, compiler+".vso", compiler+".pso").Problems, "shpack check on what the compiler made")
			runs := standinLog(t, log)
			require.Len(t, runs, 2)
			assert.Contains(t, runs[0].Source, "mainVS_Packed mainVS(", "the compiler is handed the rewrite")
			if compiler == "fxc" {
				for _, f := range append(flags, "/DUNUSED=1") {
					if f == "/DUNUSED=1" {
						assert.Contains(t, strings.Join(runs[0].Argv, " "), "/D UNUSED=1")
						continue
					}
					assert.Contains(t, runs[0].Argv, f, "fxc's own flags are passed on")
				}
				wd, err := os.Getwd()
				require.NoError(t, err)
				assert.Contains(t, strings.Join(runs[0].Argv, " "), "/I "+wd, "the rewrite finds the source's includes")
			} else {
				assert.NotContains(t, runs[0].Source, "#include", "vkd3d-compiler is handed a preprocessed source")
				assert.True(t, slices.Contains(runs[0].Argv, "-p") && slices.Contains(runs[0].Argv, "vs_3_0"))
			}

			// Nothing to pack: the compiler gets the file as it is.
			code, _, stderr = shpackRun("fxc", cc, "-v", "/T", "vs_3_0", "/E", "VS", "/Fo", "fits.vso", "fits.hlsl")
			require.Equal(t, exitOK, code, stderr)
			assert.Contains(t, stderr, "fits vs_3_0 with one register per semantic: compiled as written")
			if compiler == "fxc" {
				assert.Equal(t, fits, standinLog(t, log)[2].Source)
			}

			// The compiler's error, at the user's line; nothing written.
			code, _, stderr = shpackRun("fxc", cc, "/T", "vs_3_0", "/E", "mainVS", "/Fo", "bad.vso", "bad.fx")
			assert.Equal(t, exitInput, code)
			want := "bad.fx(6,38): error X3004: undeclared identifier 'STANDIN_ERROR'"
			if compiler != "fxc" {
				want = "bad.fx(6,38): error E3004: undeclared identifier 'STANDIN_ERROR'"
			}
			assert.Contains(t, stderr, want)
			assert.NoFileExists(t, "bad.vso")
		})
	}

	// A whole effect (/T fx_2_0, what FNA loads): rewritten and passed on.
	code, _, stderr := shpackRun("fxc", "--compiler="+st.fxc, "/T", "fx_2_0", "/Fo", "main.fxo", "main.fx")
	require.Equal(t, exitOK, code, stderr)
	assert.Equal(t, "standin-effect\nT\n", string(got0(t, "main.fxo")))
	runs := standinLog(t, log)
	assert.Contains(t, runs[len(runs)-1].Source, "mainVS_Packed mainVS(", "the effect is rewritten")

	// shpack in front of an fxc command line that names fxc by its path:
	// that fxc compiles.
	code, _, stderr = shpackRun(st.fxc, "/T", "vs_3_0", "/E", "mainVS", "/Fo", "named.vso", "main.fx")
	require.Equal(t, exitOK, code, stderr)
	assert.FileExists(t, "named.vso")

	// A vertex shader alone that does not fit needs a layout file.
	alone := strings.Replace(includeHeader, "float4 Offset;", "float4 Offset;\n", 1)
	require.NoError(t, os.WriteFile("alone.hlsl", []byte(alone), 0o644))
	code, _, stderr = shpackRun("fxc", "--compiler="+st.fxc, "/T", "vs_3_0", "/E", "mainVS", "/Fo", "alone.vso", "alone.hlsl")
	assert.Equal(t, exitInput, code)
	assert.Contains(t, stderr, "give --layout-out=FILE")
	assert.NoFileExists(t, "alone.vso")
	// shpack's own messages: fxc's format by default, another on request.
	assert.Contains(t, stderr, "alone.hlsl(", "msvc: FILE(LINE,COL)")
	code, _, stderr = shpackRun("fxc", "--compiler="+st.fxc, "--diagnostics-format=gcc", "/T", "vs_3_0", "/E", "mainVS", "/Fo", "alone.vso", "alone.hlsl")
	assert.Equal(t, exitInput, code)
	assert.Contains(t, stderr, "alone.hlsl:", "gcc: FILE:LINE:COL")
	assert.NotContains(t, stderr, "alone.hlsl(")

	for _, args := range [][]string{
		{"/T", "vs_3_0", "main.fx"}, // no compiler
		{"--compiler=" + st.fxc, "--frobnicate", "/T", "vs_3_0", "main.fx"},
		{"--compiler=" + st.fxc, "main.fx"},
		{"--compiler=" + st.fxc, "--compiler-kind=gcc", "/T", "vs_3_0", "main.fx"},
	} {
		code, _, stderr := shpackRun(append([]string{"fxc"}, args...)...)
		assert.Equal(t, exitUsage, code, "%v: %s", args, stderr)
	}
}

// TestFxcStagesApart: a Torque3D-style pair built as its engine builds it,
// each stage in a step of its own through shpack fxc and a layout file:
// the programs link (shpack check); with vkd3d as the compiler, they draw
// the vertex shader's constants on every runtime.
func TestFxcStagesApart(t *testing.T) {
	root := testenv.Root(t)
	compilers := []string{standin(t).fxc}
	if vkd3d.Path() != "" {
		compilers = append(compilers, vkd3d.Path())
	} else {
		t.Logf("%s is unset: the stages are compiled by the stand-in only", vkd3d.Env)
	}
	dir := testenv.TempDir(t)
	t.Chdir(dir)
	p := newStagesPair()
	p.write(t, dir)
	for k, cc := range compilers {
		code, _, stderr := shpackRun("fxc", "--compiler="+cc, "--layout-out=foo.layout", "/T", "vs_3_0", "/E", "main", "/Fo", "v.vso", "FooV.hlsl")
		require.Equal(t, exitOK, code, stderr)
		code, _, stderr = shpackRun("fxc", "--compiler="+cc, "--layout=foo.layout", "/T", "ps_3_0", "/E", "main", "/Fo", "p.pso", "FooP.hlsl")
		require.Equal(t, exitOK, code, stderr)
		rep := checkFiles(t, filepath.Join(dir, "v.vso"), filepath.Join(dir, "p.pso"))
		assert.Empty(t, rep.Problems, cc)
		if k == 0 {
			continue
		}
		t.Chdir(root)
		res := render(t, renderTool(t), filepath.Join(dir, "v.vso"), filepath.Join(dir, "p.pso"), append(p.want["FooP.hlsl"], make([]float64, 8)...))
		assert.True(t, res.pass, "%s", res.output)
		t.Chdir(dir)
	}
}

// TestFxcVkd3d: the real vkd3d-compiler behind shpack fxc (VKD3D_COMPILER):
// the overflowing shader of a shared header compiles rewritten and passes
// shpack check; vkd3d's error about the rewrite, which it reports in the
// preprocessed file it was handed (it ignores #line), comes back at the
// user's line.
func TestFxcVkd3d(t *testing.T) {
	if vkd3d.Path() == "" {
		t.Skipf("%s is unset", vkd3d.Env)
	}
	dir := testenv.TempDir(t)
	t.Chdir(dir)
	require.NoError(t, os.WriteFile("common.fxh", []byte(includeHeader), 0o644))
	require.NoError(t, os.WriteFile("main.fx", []byte(includeMain), 0o644))
	require.NoError(t, os.WriteFile("bad.fx", []byte(fxcBad), 0o644))
	cc := "--compiler=" + vkd3d.Path()
	code, _, stderr := shpackRun("fxc", cc, "/T", "vs_3_0", "/E", "mainVS", "/Fo", "vs.vso", "main.fx")
	require.Equal(t, exitOK, code, stderr)
	code, _, stderr = shpackRun("fxc", cc, "/T", "ps_3_0", "/E", "mainPS", "/Fo", "ps.pso", "main.fx")
	require.Equal(t, exitOK, code, stderr)
	assert.Empty(t, checkFiles(t, "vs.vso", "ps.pso").Problems)
	code, _, stderr = shpackRun("fxc", cc, "/T", "vs_3_0", "/E", "mainVS", "/Fo", "bad.vso", "bad.fx")
	assert.Equal(t, exitInput, code)
	assert.Contains(t, stderr, "bad.fx(6,")
	assert.Contains(t, stderr, "error E5005")
}

// fxcRecipeHLSL is the recipes' shader: entry main, a header it includes.
const fxcRecipeHLSL = `#include "common.fxh"
struct OUT { float4 Pos : POSITION; float2 UV : TEXCOORD0; WAVE_T Wave : TEXCOORD1; };
OUT main(float4 p : POSITION) { OUT o = (OUT)0; o.Pos = p; return o; }
`

// TestFxcRecipes runs docs/build.md's recipes that put shpack in front of fxc
// (issue 26): Make, Ninja, and CMake with its Ninja and Makefile
// generators, the stand-in compiler behind shpack fxc counting its runs.
// The first build builds, the second does nothing, touching a header
// rebuilds exactly once, deleting a header and its use does not break the
// build.
func TestFxcRecipes(t *testing.T) {
	testenv.Heavy(t)
	if runtime.GOOS == "windows" {
		t.Skip("the recipes are Make, Ninja and CMake on a Unix shell, with shpack built by go: none runs under Wine")
	}
	snippets := docSnippets(t, "docs/build.md")
	bin := filepath.Dir(buildShpack(t))
	stand := standin(t).fxc
	for _, c := range recipeBuilds("fxc.mk", "fxc.ninja", "CMakeLists.txt", "build/water.vso", "out/water.vso") {
		t.Run(c.name, func(t *testing.T) {
			dir, src, hdr := recipeProject(t, snippets, c, "water.hlsl", fxcRecipeHLSL)
			log := filepath.Join(dir, "standin.log")
			env := append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "SHPACK_FXC="+stand, "SHPACK_STANDIN_LOG="+log)
			build := func() { t.Helper(); c.run(t, dir, env) }
			runs := func() int {
				if _, err := os.Stat(log); err != nil {
					return 0
				}
				return len(standinLog(t, log))
			}
			later := func(p, content string) { writeLater(t, dir, p, content) }
			build()
			require.FileExists(t, filepath.Join(dir, c.out))
			assert.Equal(t, 1, runs(), "the first build compiles")
			build()
			assert.Equal(t, 1, runs(), "the second build does nothing")
			later(hdr, "#define WAVE_T float2\n")
			build()
			assert.Equal(t, 2, runs(), "a touched header rebuilds")
			build()
			assert.Equal(t, 2, runs(), "exactly once")
			later(src, strings.Replace(fxcRecipeHLSL, `#include "common.fxh"`, "#define WAVE_T float3", 1))
			require.NoError(t, os.Remove(hdr))
			build()
			assert.Equal(t, 3, runs(), "a deleted header breaks nothing")
			build()
			if c.name == "cmake make" {
				// CMake 3.25's Makefile generator keeps every file a
				// depfile ever named (compiler_depend.make), with an
				// empty rule: the step runs on each build from now on,
				// until the build folder goes (docs/build.md).
				return
			}
			assert.Equal(t, 3, runs())
		})
	}
	t.Run("ninja with vkd3d", func(t *testing.T) {
		if vkd3d.Path() == "" {
			t.Skipf("%s is unset", vkd3d.Env)
		}
		need(t, "ninja")
		dir := testenv.TempDir(t)
		require.NoError(t, os.MkdirAll(filepath.Join(dir, "shaders"), 0o755))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "build.ninja"), []byte(snippets["fxc.ninja"]), 0o644))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "shaders", "water.hlsl"), []byte(fxcRecipeHLSL), 0o644))
		require.NoError(t, os.WriteFile(filepath.Join(dir, "shaders", "common.fxh"), []byte("#define WAVE_T float\n"), 0o644))
		env := append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"), "SHPACK_FXC="+vkd3d.Path())
		ninja := func() string {
			cmd := exec.Command("ninja")
			cmd.Dir, cmd.Env = dir, env
			out, err := cmd.CombinedOutput()
			require.NoError(t, err, "%s", out)
			return string(out)
		}
		ninja()
		prog := readProgram(t, filepath.Join(dir, "build", "water.vso"))
		assert.Empty(t, check.Program(prog, "water.vso"))
		assert.Contains(t, ninja(), "no work to do")
	})
}
