package main

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/check"
	"github.com/shpack/shpack/d3d9"
	"github.com/shpack/shpack/driver"
	"github.com/shpack/shpack/hlsl/pp"
	"github.com/shpack/shpack/internal/testenv"
	"github.com/shpack/shpack/internal/vkd3d"
	"github.com/shpack/shpack/layoutfile"
)

// TestUrho3DVariants rewrites each of Urho3D's shaders for every
// permutation at once, as Urho3D compiles them (issue 25): the vertex
// shader in the permutations of testdata/urho3d.vs.variants, the pixel
// shader in those of urho3d.ps.variants (each stage its own defines;
// COMPILEVS and COMPILEPS tell the stages apart), into ONE source per
// file, with the family's layout file beside it.
//
// Each stage of each permutation of the one source compiles (glslang in
// CI, after shpack's preprocessor with the permutation's -D and the other
// stage's function cut out, as fxc compiles what the entry point reaches;
// a permutation whose original does not compile either is counted, not
// failed); the layout file is read back and holds every vertex
// permutation once. LitSolid, the file with the most permutations, goes
// through glslang's own preprocessor too, with a permutation that is not
// listed but has a listed interface (it compiles) and one that has not
// (the #error naming the variants file stops it).
//
// With vkd3d (VKD3D_COMPILER), every stage is compiled to bytecode, the
// original and the rewrite: every rewritten vertex shader fits vs_3_0,
// and every vertex permutation is linked with every pixel permutation
// whose original pair links (shpack check finds no problem in the
// originals): the rewritten pair then has no problem and loses no value
// on wined3d or MojoShader either. The summary counts files,
// permutations, what the family costs in registers, and temporaries.
func TestUrho3DVariants(t *testing.T) {
	testenv.Heavy(t)
	dir, entries, _ := urho3dShaders(t)
	vsFile, psFile := filepath.Join("testdata", "urho3d.vs.variants"), filepath.Join("testdata", "urho3d.ps.variants")
	vsVars, psVars := readVariantsFile(t, vsFile), readVariantsFile(t, psFile)
	compile := vkd3d.Path() != ""
	if !compile {
		t.Logf("%s is unset: the permutations are compiled by glslang, not to bytecode, and not linked", vkd3d.Env)
	}
	work := testenv.TempDir(t)
	var mu sync.Mutex
	files, stages, origFails, linked, costly, extra := 0, 0, 0, 0, 0, 0
	temps := map[string]int{}
	t.Run("files", func(t *testing.T) {
		for _, path := range urho3dPairs(t, dir, entries) {
			base := strings.TrimSuffix(filepath.Base(path), ".hlsl")
			files++
			t.Run(base, func(t *testing.T) {
				t.Parallel()
				out, lay := filepath.Join(work, base+".hlsl"), filepath.Join(work, base+".layout")
				code, _, stderr := shpackRun("rewrite", "--vs-entry=VS", "--ps-entry=PS", "--vs-variants="+vsFile, "--ps-variants="+psFile,
					"-I"+dir, "--layout-out="+lay, "-o", out, path)
				require.Equal(t, exitOK, code, stderr)
				// What one layout for every permutation costs.
				fileCostly, fileExtra := 0, 0
				for _, m := range familyCost.FindAllStringSubmatch(stderr, -1) {
					fam, _ := strconv.Atoi(m[2])
					alone, _ := strconv.Atoi(m[3])
					if fam > alone {
						fileCostly++
						fileExtra += fam - alone
					}
				}
				lf, err := layoutfile.Read(lay, got0(t, lay))
				require.NoError(t, err)
				var covered []string
				for _, it := range lf.Interfaces {
					covered = append(covered, it.Variants...)
					assert.LessOrEqual(t, it.Layout().GeneralRegisters(), 10, "%s: %v", base, it.Variants)
				}
				slices.Sort(covered)
				var want []string
				for _, v := range vsVars {
					want = append(want, v.Name)
				}
				slices.Sort(want)
				assert.Equal(t, want, covered, "%s: the layout file holds every vertex permutation once", base)
				glslang := glslangTool(t) // the checks above need no tool, the ones below do

				// Every stage of every permutation.
				type stage struct {
					vars                 []driver.Variant
					glsl, entry, profile string
					other                string
				}
				progs := map[string]*d3d9.Program{} // "new.vs.NAME", "orig.ps.NAME"
				fileStages, fileFails := 0, 0
				fileTemps := map[string]int{}
				glslangSeen := map[string]error{}
				for _, st := range []stage{{vsVars, "vert", "VS", "vs_3_0", "PS"}, {psVars, "frag", "PS", "ps_3_0", "VS"}} {
					short := strings.ToLower(st.entry)
					for _, v := range st.vars {
						tag := base + "." + short + "." + v.Name
						compiled := func(kind, file string) (string, error) {
							text, err := ppText(file, v.Defines, dir)
							if err != nil {
								return "", err
							}
							text = cutFunction(text, st.other)
							cut := filepath.Join(work, tag+"."+kind+".hlsl")
							require.NoError(t, os.WriteFile(cut, []byte(text), 0o644))
							// Permutations that do not change a stage's
							// text are compiled once.
							if err, seen := glslangSeen[st.glsl+"\x00"+text]; seen {
								return cut, err
							}
							msg, err := exec.Command(glslang, "-V", "-D", "--hlsl-dx9-compatible", "-S", st.glsl, "-e", st.entry, "-o", os.DevNull, cut).CombinedOutput()
							if err != nil {
								err = fmt.Errorf("glslang: %v\n%s", err, msg)
							}
							glslangSeen[st.glsl+"\x00"+text] = err
							return cut, err
						}
						newCut, err := compiled("new", out)
						if err != nil {
							if _, oerr := compiled("orig", path); oerr != nil {
								fileFails++ // not shpack's: the original does not compile either
								continue
							}
							t.Errorf("%s: the rewrite does not compile where the original does: %v", tag, err)
							continue
						}
						fileStages++
						if !compile {
							continue
						}
						origCut, err := compiled("orig", path)
						if err != nil {
							continue
						}
						// The original first: the rewrite must compile where
						// it does (vkd3d 1.17 lacks some of SM3).
						for _, kind := range []string{"orig", "new"} {
							cut := map[string]string{"new": newCut, "orig": origCut}[kind]
							bin := strings.TrimSuffix(cut, ".hlsl") + ".cso"
							if _, err := vkd3d.Compile(t, work, filepath.Base(cut), st.entry, st.profile, bin); err != nil {
								if kind == "new" {
									t.Errorf("%s: vkd3d does not compile the rewrite: %v", tag, err)
								}
								break
							}
							progs[kind+"."+short+"."+v.Name] = readProgram(t, bin)
						}
						if n, o := progs["new."+short+"."+v.Name], progs["orig."+short+"."+v.Name]; n != nil && o != nil {
							fileTemps[fmt.Sprintf("%s %+d", short, diffTemps(n)-diffTemps(o))]++
							if short == "vs" {
								assert.LessOrEqual(t, diffGeneral(n), 10, "%s: the vertex shader fits vs_3_0", tag)
							}
						}
					}
				}
				// Every vertex permutation with every pixel permutation
				// whose originals link.
				fileLinked := 0
				for _, v := range vsVars {
					for _, p := range psVars {
						ov, op := progs["orig.vs."+v.Name], progs["orig.ps."+p.Name]
						nv, np := progs["new.vs."+v.Name], progs["new.ps."+p.Name]
						if ov == nil || op == nil || nv == nil || np == nil {
							continue
						}
						orig := check.Programs(ov, op, "orig VS "+v.Name, "orig PS "+p.Name)
						if len(orig.Problems) > 0 {
							continue
						}
						fileLinked++
						rep := check.Programs(nv, np, "VS "+v.Name, "PS "+p.Name)
						assert.Empty(t, rep.Problems, "%s: VS %s with PS %s", base, v.Name, p.Name)
						for _, rt := range []string{check.Wined3d, check.MojoShader} {
							if len(otherLosses(orig.Lost(rt))) == 0 {
								assert.Empty(t, otherLosses(rep.Lost(rt)), "%s: VS %s with PS %s loses values on %s", base, v.Name, p.Name, rt)
							}
						}
					}
				}
				mu.Lock()
				defer mu.Unlock()
				stages += fileStages
				origFails += fileFails
				linked += fileLinked
				costly += fileCostly
				extra += fileExtra
				for k, n := range fileTemps {
					temps[k] += n
				}
			})
		}
	})
	glslang := glslangTool(t)
	var tk []string
	for k, n := range temps {
		tk = append(tk, fmt.Sprintf("%s: %d", k, n))
	}
	slices.Sort(tk)
	t.Logf("Urho3D permutations: %d files × (%d vertex + %d pixel permutations) rewritten into one source each; %d stages compiled (%d whose original does not compile either are not counted); the family layout costs %d vertex permutations %d general registers in all over their own optimum; %d vertex × pixel pairings linked and checked; temporaries, rewritten less original: %s",
		files, len(vsVars), len(psVars), stages, origFails, costly, extra, linked, strings.Join(tk, ", "))
	assert.Positive(t, stages)

	t.Run("glslang preprocessor", func(t *testing.T) {
		out := filepath.Join(work, "LitSolid.hlsl")
		pre := func(glsl, entry string, defines []string) (string, error) {
			args := []string{"-E", "-D", "--hlsl-dx9-compatible", "-S", glsl, "-e", entry, "-I" + dir}
			for _, d := range defines {
				args = append(args, "-D"+d)
			}
			msg, err := exec.Command(glslang, append(args, out)...).CombinedOutput()
			return string(msg), err
		}
		for _, c := range []struct {
			glsl, entry, other string
			vars               []driver.Variant
		}{{"vert", "VS", "PS", vsVars}, {"frag", "PS", "VS", psVars}} {
			for _, v := range c.vars {
				text, err := pre(c.glsl, c.entry, v.Defines)
				require.NoError(t, err, "%s %s: %s", c.entry, v.Name, text)
				cut := filepath.Join(work, "LitSolid.glslang."+c.entry+"."+v.Name+".hlsl")
				require.NoError(t, os.WriteFile(cut, []byte(cutFunction(text, c.other)), 0o644))
				msg, err := exec.Command(glslang, "-V", "-D", "--hlsl-dx9-compatible", "-S", c.glsl, "-e", c.entry, "-o", os.DevNull, cut).CombinedOutput()
				assert.NoError(t, err, "%s %s:\n%s", c.entry, v.Name, msg)
			}
		}
		// Not listed: the interface of "dir" with a macro it does not
		// test compiles; a point light without a normal map is none of
		// the listed interfaces.
		_, err := pre("vert", "VS", []string{"COMPILEVS", "PERPIXEL", "DIRLIGHT", "UNRELATED=3"})
		assert.NoError(t, err)
		msg, err := pre("vert", "VS", []string{"COMPILEVS", "PERPIXEL", "POINTLIGHT"})
		assert.Error(t, err)
		assert.Contains(t, msg, "for the variants of testdata/urho3d.vs.variants only, and this permutation is none of them")
	})
}

// familyCost reads a family note's "NAME FAMILY (alone OWN)".
var familyCost = regexp.MustCompile(`(\S+) (\d+) \(alone (\d+)\)`)

// readVariantsFile reads a variants file of testdata.
func readVariantsFile(t *testing.T, path string) []driver.Variant {
	t.Helper()
	vars, err := driver.ParseVariants(path, got0(t, path))
	require.NoError(t, err)
	return vars
}

// ppText preprocesses file with shpack's preprocessor and the given
// definitions and prints the tokens, a line per source line: what a
// compiler without a preprocessor of its own (or with one that compiles
// every function, cut out after) is given.
func ppText(file string, defines []string, dir string) (string, error) {
	src, err := os.ReadFile(file)
	if err != nil {
		return "", err
	}
	res, errs := pp.Preprocess(file, src, &pp.Options{Defines: defines, IncludeDirs: []string{dir}})
	if len(errs) > 0 {
		return "", errs
	}
	var b strings.Builder
	line := -1
	for i := range res.Tokens {
		tok := &res.Tokens[i]
		if tok.Text == "" {
			continue
		}
		if l := tok.Line(); l != line {
			if line >= 0 {
				b.WriteByte('\n')
			}
			line = l
		} else {
			b.WriteByte(' ')
		}
		b.WriteString(tok.Text)
	}
	b.WriteByte('\n')
	return b.String(), nil
}
