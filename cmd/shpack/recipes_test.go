package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/testenv"
)

// recipeEffect is the effect docs/build.md's rewrite and link recipes
// build: a pair of its technique that does not fit with one register per
// semantic, a type from the header it includes.
const recipeEffect = `#include "common.fxh"
struct VS_OUT { float4 Pos : POSITION; float A : TEXCOORD0; float B : TEXCOORD1; float C : TEXCOORD2; float D : TEXCOORD3; float E : TEXCOORD4; float F : TEXCOORD5; float G : TEXCOORD6; float H : TEXCOORD7; float I : TEXCOORD8; float J : TEXCOORD9; WAVE_T K : TEXCOORD10; };
VS_OUT VS(float4 p : POSITION) { VS_OUT o = (VS_OUT)0; o.Pos = p; return o; }
float4 PS(VS_OUT i) : COLOR { return i.A + i.K.x; }
technique T { pass P { VertexShader = compile vs_3_0 VS(); PixelShader = compile ps_3_0 PS(); } }
`

// A recipeBuild is one build system's recipe of docs/build.md and how to
// run it.
type recipeBuild struct {
	name, tool, snippet, file string
	build                     [][]string // the commands of one build
	out                       string     // where the outputs are
}

// recipeBuilds are Make, Ninja and CMake with its two generators, with the
// recipes' snippets and where each writes (makeOut for Make and Ninja,
// cmakeOut for CMake's build folder).
func recipeBuilds(mk, ninja, cmake, makeOut, cmakeOut string) []recipeBuild {
	return []recipeBuild{
		{"make", "make", mk, "Makefile", [][]string{{"make"}}, makeOut},
		{"ninja", "ninja", ninja, "build.ninja", [][]string{{"ninja"}}, makeOut},
		{"cmake ninja", "cmake", cmake, "CMakeLists.txt", [][]string{{"cmake", "-S", ".", "-B", "out", "-G", "Ninja"}, {"cmake", "--build", "out"}}, cmakeOut},
		{"cmake make", "cmake", cmake, "CMakeLists.txt", [][]string{{"cmake", "-S", ".", "-B", "out", "-G", "Unix Makefiles"}, {"cmake", "--build", "out"}}, cmakeOut},
	}
}

// recipeProject makes a project folder for recipe c: its build file, and
// shaders/NAME (src) including shaders/common.fxh (hdr), which defines
// WAVE_T. The tools the recipes need are required (need).
func recipeProject(t *testing.T, snippets map[string]string, c recipeBuild, name, text string) (dir, src, hdr string) {
	t.Helper()
	need(t, c.tool)
	need(t, "ninja")
	need(t, "make")
	dir = testenv.TempDir(t)
	require.Contains(t, snippets, c.snippet)
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "shaders"), 0o755))
	require.NoError(t, os.WriteFile(filepath.Join(dir, c.file), []byte(snippets[c.snippet]), 0o644))
	src, hdr = filepath.Join(dir, "shaders", name), filepath.Join(dir, "shaders", "common.fxh")
	require.NoError(t, os.WriteFile(src, []byte(text), 0o644))
	require.NoError(t, os.WriteFile(hdr, []byte("#define WAVE_T float\n"), 0o644))
	return dir, src, hdr
}

// run runs one build of the recipe in dir and returns what its commands
// printed.
func (c recipeBuild) run(t *testing.T, dir string, env []string) string {
	t.Helper()
	var all strings.Builder
	for _, args := range c.build {
		cmd := exec.Command(args[0], args[1:]...)
		cmd.Dir, cmd.Env = dir, env
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%v:\n%s", args, out)
		all.Write(out)
	}
	return all.String()
}

// writeLater writes p after everything else of the build in dir: every
// file there moves 10 s back first (the tools compare times).
func writeLater(t *testing.T, dir, p, content string) {
	t.Helper()
	past := time.Now().Add(-10 * time.Second)
	require.NoError(t, filepath.WalkDir(dir, func(q string, d os.DirEntry, err error) error {
		if err != nil || d.IsDir() {
			return err
		}
		return os.Chtimes(q, past, past)
	}))
	require.NoError(t, os.WriteFile(p, []byte(content), 0o644))
}

// TestRewriteLinkRecipes runs docs/build.md's recipes for shpack rewrite
// and shpack link: Make, Ninja, and CMake with its Ninja and its Makefile
// generator (which needs --touch, as the recipe passes there). The first
// build rewrites and links, the second does nothing; a header change that
// changes the outputs reruns both once; a header change that leaves them
// as they were runs them once and then no more (Make: --touch; Ninja:
// restat); deleting the header and its use breaks nothing.
func TestRewriteLinkRecipes(t *testing.T) {
	testenv.Heavy(t)
	if runtime.GOOS == "windows" {
		t.Skip("the recipes are Make, Ninja and CMake on a Unix shell, with shpack built by go: none runs under Wine; the Linux run checks them")
	}
	snippets := docSnippets(t, "docs/build.md")
	bin := filepath.Dir(buildShpack(t))
	for _, c := range recipeBuilds("rewrite.mk", "rewrite.ninja", "rewrite-link/CMakeLists.txt", "build", "out") {
		t.Run(c.name, func(t *testing.T) {
			dir, src, hdr := recipeProject(t, snippets, c, "water.fx", recipeEffect)
			env := append(os.Environ(), "PATH="+bin+string(os.PathListSeparator)+os.Getenv("PATH"))
			// build runs one build and returns how many times it ran
			// shpack rewrite and shpack link: the lines that announce
			// them (Make echoes the command, Ninja and CMake the
			// description).
			build := func() (rewrites, links int) {
				t.Helper()
				out := c.run(t, dir, env)
				return strings.Count(out, "shpack rewrite"), strings.Count(out, "shpack link")
			}
			read := func(name string) string {
				t.Helper()
				b, err := os.ReadFile(filepath.Join(dir, c.out, name))
				require.NoError(t, err)
				return string(b)
			}
			later := func(p, content string) { writeLater(t, dir, p, content) }
			ran := func(wantRewrites, wantLinks int, why string) {
				t.Helper()
				r, l := build()
				assert.Equal(t, [2]int{wantRewrites, wantLinks}, [2]int{r, l}, "runs of shpack rewrite and link: %s", why)
			}

			ran(1, 1, "the first build")
			fx, layout := read("water.fx"), read("water.json")
			assert.Contains(t, fx, "VS_Packed VS(")
			assert.Contains(t, fx, `#include "../shaders/common.fxh"`, "the rewrite in another folder includes the header from there")
			assert.True(t, strings.Contains(layout, `"schema": "shpack.link/1"`) && strings.Contains(layout, `"signature": "PS"`), "the pair's layouts, as JSON")
			ran(0, 0, "the second build does nothing")

			later(hdr, "#define WAVE_T float2\n")
			ran(1, 1, "a header that changes the outputs")
			assert.True(t, layout != read("water.json"), "the layout follows the header")
			ran(0, 0, "exactly once")

			later(hdr, "// a comment\n#define WAVE_T float2\n")
			ran(1, 1, "a header changed, the outputs not")
			ran(0, 0, "no loop after outputs that did not change")

			later(src, strings.Replace(recipeEffect, `#include "common.fxh"`, "#define WAVE_T float3", 1))
			require.NoError(t, os.Remove(hdr))
			ran(1, 1, "a deleted header breaks nothing")
			if c.name == "cmake make" {
				// CMake 3.25's Makefile generator keeps every file a
				// depfile ever named: the steps run on each build from
				// now on, until the build folder goes (docs/build.md).
				return
			}
			ran(0, 0, "and the build is done")
		})
	}
}
