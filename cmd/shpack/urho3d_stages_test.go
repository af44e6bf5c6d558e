package main

import (
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/check"
	"github.com/shpack/shpack/driver"
	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/internal/realcorpus"
	"github.com/shpack/shpack/internal/testenv"
	"github.com/shpack/shpack/internal/vkd3d"
)

// TestUrho3DStagesApart rewrites Urho3D's shaders as Urho3D builds them
// (issue 25): each file holds a VS and a PS, compiled apart with
// -DCOMPILEVS and -DCOMPILEPS, in the permutations of
// testdata/urho3d.variants. The vertex stage is rewritten alone with
// --layout-out, the pixel stage alone with --layout, for every file and
// permutation; every output parses again in its stage's permutation.
//
// With vkd3d (VKD3D_COMPILER), each stage is compiled, the original and
// the rewrite, with the other stage's function cut out (vkd3d, like
// glslang, type-checks every function, and each stage's body uses
// uniforms only its COMPILE macro declares; fxc compiles what the entry
// point reaches): the rewritten vertex shader fits vs_3_0, shpack check
// finds no problem in the rewritten pair and no value lost on wined3d or
// MojoShader (but MojoShader's COLOR clamp, as in the original), and the
// temporaries are counted against the originals'.
func TestUrho3DStagesApart(t *testing.T) {
	testenv.Heavy(t)
	dir, entries, vars := urho3dShaders(t)
	compile := vkd3d.Path() != ""
	work := testenv.TempDir(t)
	if compile {
		copyFolder(t, dir, work, nil)
	} else {
		t.Logf("%s is unset: the stages are rewritten and parsed, not compiled", vkd3d.Env)
	}
	files, rewritten, compiled := 0, 0, 0
	origFails := map[string]bool{}
	temps := map[string]int{}
	general := map[int]int{}
	for _, path := range urho3dPairs(t, dir, entries) {
		files++
		base := strings.TrimSuffix(filepath.Base(path), ".hlsl")
		for _, v := range vars {
			tag := base + "." + v.Name
			layout := filepath.Join(work, tag+".layout")
			vsOut, psOut := filepath.Join(work, tag+".vs.hlsl"), filepath.Join(work, tag+".ps.hlsl")
			vsArgs := append([]string{"rewrite", "--vs-entry=VS", "--layout-out=" + layout, "-o", vsOut, "-I" + dir, "-DCOMPILEVS"}, defineFlags(v.Defines)...)
			code, _, stderr := shpackRun(append(vsArgs, path)...)
			if !assert.Equal(t, exitOK, code, "%s: vertex stage: %s", tag, stderr) {
				continue
			}
			psArgs := append([]string{"rewrite", "--ps-entry=PS", "--layout=" + layout, "-o", psOut, "-I" + dir, "-DCOMPILEPS"}, defineFlags(v.Defines)...)
			code, _, stderr = shpackRun(append(psArgs, path)...)
			if !assert.Equal(t, exitOK, code, "%s: pixel stage: %s", tag, stderr) {
				continue
			}
			rewritten++
			for _, st := range []struct{ out, macro string }{{vsOut, "COMPILEVS"}, {psOut, "COMPILEPS"}} {
				opts := hlsl.PPOptions{Defines: append([]string{st.macro}, v.Defines...), IncludeDirs: []string{dir}}
				_, err := hlsl.ParseFile(st.out, got0(t, st.out), &opts)
				assert.NoError(t, err, "%s: the rewrite parses", tag)
			}
			if !compile {
				continue
			}
			// Each stage alone, the original and the rewrite.
			progs := map[string]string{}
			ok := true
			for _, c := range []struct{ name, file, entry, other, macro, profile string }{
				{"orig.vs", path, "VS", "PS", "COMPILEVS", "vs_3_0"}, {"orig.ps", path, "PS", "VS", "COMPILEPS", "ps_3_0"},
				{"new.vs", vsOut, "VS", "PS", "COMPILEVS", "vs_3_0"}, {"new.ps", psOut, "PS", "VS", "COMPILEPS", "ps_3_0"},
			} {
				cut := tag + "." + c.name + ".cut.hlsl"
				require.NoError(t, os.WriteFile(filepath.Join(work, cut), []byte(cutFunction(string(got0(t, c.file)), c.other)), 0o644))
				wrap := tag + "." + c.name + ".hlsl"
				var w strings.Builder
				for _, d := range append([]string{c.macro}, v.Defines...) {
					n, val, found := strings.Cut(d, "=")
					if !found {
						val = "1"
					}
					fmt.Fprintf(&w, "#define %s %s\n", n, val)
				}
				fmt.Fprintf(&w, "#include %q\n", cut)
				require.NoError(t, os.WriteFile(filepath.Join(work, wrap), []byte(w.String()), 0o644))
				out := filepath.Join(work, tag+"."+c.name+".cso")
				if _, err := vkd3d.Compile(t, work, wrap, c.entry, c.profile, out); err != nil {
					ok = false
					if strings.HasPrefix(c.name, "orig") {
						// Not shpack's: the rewrite is compared with an
						// original that compiles.
						origFails[tag] = true
						break
					}
					t.Errorf("%s: vkd3d does not compile the rewritten %s:\n%v", tag, c.entry, err)
					continue
				}
				progs[c.name] = out
			}
			if !ok {
				continue
			}
			compiled++
			vs, ps := readProgram(t, progs["new.vs"]), readProgram(t, progs["new.ps"])
			rep := check.Programs(vs, ps, progs["new.vs"], progs["new.ps"])
			assert.Empty(t, rep.Problems, "%s: shpack check on the stages rewritten apart", tag)
			for _, rt := range []string{check.Wined3d, check.MojoShader} {
				assert.Empty(t, otherLosses(rep.Lost(rt)), "%s: %s loses values", tag, rt)
			}
			n := diffGeneral(vs)
			general[n]++
			assert.LessOrEqual(t, n, 10, "%s: the vertex shader fits vs_3_0", tag)
			for _, s := range []string{"vs", "ps"} {
				d := diffTemps(readProgram(t, progs["new."+s])) - diffTemps(readProgram(t, progs["orig."+s]))
				temps[fmt.Sprintf("%s %+d", s, d)]++
			}
		}
	}
	var tk []string
	for k, n := range temps {
		tk = append(tk, fmt.Sprintf("%s: %d", k, n))
	}
	sort.Strings(tk)
	t.Logf("Urho3D stages apart: %d files × %d permutations, %d rewritten stage by stage, %d compiled by vkd3d and checked (%d whose original vkd3d does not compile are not); general registers of the rewritten vertex shaders: %v; temporaries, rewritten less original: %s",
		files, len(vars), rewritten, compiled, len(origFails), general, strings.Join(tk, ", "))
	assert.Equal(t, files*len(vars), rewritten)
}

// urho3dPairs are the shaders of Urho3D's folder that hold both a VS and
// a PS function.
func urho3dPairs(t *testing.T, dir string, entries []os.DirEntry) []string {
	t.Helper()
	var out []string
	for _, e := range entries {
		path := filepath.Join(dir, e.Name())
		src, err := os.ReadFile(path)
		require.NoError(t, err)
		if strings.Contains(string(src), "void VS(") && strings.Contains(string(src), "void PS(") {
			out = append(out, path)
		}
	}
	return out
}

// defineFlags turns definitions into -D flags.
func defineFlags(defs []string) []string {
	var out []string
	for _, d := range defs {
		out = append(out, "-D"+d)
	}
	return out
}

// cutFunction blanks the definition of "void NAME(" in src (keeping its
// line ends, so positions hold): a test-side stand-in for fxc compiling
// only what the entry point reaches.
func cutFunction(src, name string) string {
	loc := regexp.MustCompile(`(?m)^[ \t]*void[ \t]+` + regexp.QuoteMeta(name) + `[ \t]*\(`).FindStringIndex(src)
	if loc == nil {
		return src
	}
	i := loc[0]
	depth, k := 0, strings.IndexByte(src[i:], '(')+i
	for ; k < len(src); k++ {
		if src[k] == '(' {
			depth++
		} else if src[k] == ')' {
			if depth--; depth == 0 {
				break
			}
		}
	}
	b := strings.IndexByte(src[k:], '{')
	if b < 0 {
		return src
	}
	m := k + b
	for depth = 0; m < len(src); m++ {
		if src[m] == '{' {
			depth++
		} else if src[m] == '}' {
			if depth--; depth == 0 {
				break
			}
		}
	}
	if m >= len(src) {
		return src
	}
	return src[:i] + strings.Repeat("\n", strings.Count(src[i:m+1], "\n")) + src[m+1:]
}

// urho3dShaders returns Urho3D's HLSL shader folder in ../shared/corpus-real,
// its entries, and the permutations of testdata/urho3d.variants.
func urho3dShaders(t *testing.T) (string, []os.DirEntry, []driver.Variant) {
	t.Helper()
	dir := filepath.Join(realcorpus.Root(t), "urho3d", "bin", "CoreData", "Shaders", "HLSL")
	vsrc, err := os.ReadFile(filepath.Join("testdata", "urho3d.variants"))
	require.NoError(t, err)
	vars, err := driver.ParseVariants("urho3d.variants", vsrc)
	require.NoError(t, err)
	entries, err := os.ReadDir(dir)
	require.NoError(t, err)
	return dir, entries, vars
}
