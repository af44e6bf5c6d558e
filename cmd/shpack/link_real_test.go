package main

import (
	"bytes"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/driver"
	"github.com/shpack/shpack/emit"
	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/internal/asmcheck"
	"github.com/shpack/shpack/internal/realcorpus"
	"github.com/shpack/shpack/internal/testenv"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/pack"
)

// TestLinkEffectCorpusReal links every pass of every real effect file, as
// written and with its Shader Model 1-3 profiles moved to vs_3_0/ps_3_0
// (where the passes are packed, and families matter). Every file either
// links or fails with positioned errors that name a technique and pass.
// Every vs_3_0/ps_3_0 pass is then checked independently: both blocks are
// assembled by MojoShader (d3dasm-check), and the declarations read back
// from the bytecode must link by the rules of "Match Semantics": each pixel
// input is a vertex output with the same semantic at the same component
// letters (its mask a subset), and inputs share a pixel register exactly
// when their outputs share a vertex register. Counts are logged (-v).
func TestLinkEffectCorpusReal(t *testing.T) {
	testenv.Heavy(t)
	asmcheck.Tool(t)
	root := realcorpus.Root(t)
	for _, mode := range []struct {
		name     string
		upgrade  bool
		portable bool
	}{{"as written", false, false}, {"moved to 3_0", true, false}, {"moved to 3_0, portable", true, true}} {
		t.Run(mode.name, func(t *testing.T) {
			files, passes, sm3, faults, failed := 0, 0, 0, 0, 0
			var costs []string
			checked := map[string]bool{}
			kinds := map[string]int{}
			for _, rel := range realcorpus.Files(t, root) {
				src, err := os.ReadFile(filepath.Join(root, rel))
				require.NoError(t, err)
				if mode.upgrade {
					src = sm3Profile.ReplaceAll(src, []byte("${1}${2}_3_0"))
				}
				o := realcorpus.Options(root, rel)
				if !techRE.Match(src) {
					continue
				}
				res, err := driver.LinkEffect(driver.Source{Name: filepath.Join(root, rel), Src: src}, driver.LinkOptions{
					PP:       hlsl.PPOptions{IncludeDirs: o.IncludeDirs, Defines: o.Defines, AllowMissingIncludes: o.AllowMissingIncludes},
					Portable: mode.portable,
				})
				if errors.Is(err, driver.ErrNoPasses) {
					continue
				}
				files++
				if err != nil {
					errs := ir.Errors(err)
					if !assert.NotNil(t, errs, "%s: %v", rel, err) {
						continue
					}
					failed++
					for _, e := range errs {
						faults++
						kinds[faultKind.ReplaceAllString(e.Msg, "X")]++
						if !strings.Contains(e.Msg, "technique ") && !strings.Contains(e.Msg, "pass ") {
							// Errors of the file itself (a struct that does
							// not lower) are positioned but name no pass.
							assert.NotEqual(t, 0, e.Pos.Line, "%s: %s", rel, e)
						}
					}
					continue
				}
				for _, sl := range res.Shared {
					var parts []string
					for i, vs := range sl.VS {
						parts = append(parts, fmt.Sprintf("%s %d/%d", vs, sl.Registers[i], sl.Own[i]))
					}
					costs = append(costs, rel+": "+strings.Join(parts, ", "))
				}
				for _, p := range res.Passes {
					passes++
					if p.VSLayout.File.Profile.Name != "vs_3_0" {
						continue
					}
					sm3++
					key := rel + "|" + p.VS + "|" + p.PS
					if checked[key] {
						continue
					}
					checked[key] = true
					matchSemantics(t, fmt.Sprintf("%s: technique %s, pass %s", rel, p.Technique, p.Pass), p.VSLayout, p.PSLayout)
				}
			}
			sort.Strings(costs)
			var lines []string
			for k, n := range kinds {
				lines = append(lines, fmt.Sprintf("%4d  %s", n, k))
			}
			sort.Sort(sort.Reverse(sort.StringSlice(lines)))
			t.Logf("%d effect files with passes to link: %d linked (%d passes, %d of them vs_3_0/ps_3_0, %d pairs checked through MojoShader), %d with %d errors:\n%s\n%d families (vertex shader: registers in the family/alone):\n%s",
				files, files-failed, passes, sm3, len(checked), failed, faults, strings.Join(lines, "\n"), len(costs), strings.Join(costs, "\n"))
			assert.GreaterOrEqual(t, passes, 240)
		})
	}
}

// techRE finds a technique keyword at the start of a line.
var techRE = regexp.MustCompile(`(?mi)^\s*technique(9|10|11)?\b`)

// faultKind blanks the names in a message, to count messages by kind.
var faultKind = regexp.MustCompile(`[A-Z][A-Za-z_0-9]*|\b[a-z][A-Za-z0-9_]*[A-Z][A-Za-z0-9_]*\b|\d+`)

// matchSemantics assembles a linked pair and checks the declarations the
// bytecode holds against the rules a runtime links by.
func matchSemantics(t *testing.T, where string, vs, ps *ir.Layout) {
	t.Helper()
	var vb, pb bytes.Buffer
	require.NoError(t, emit.Asm(&vb, vs))
	require.NoError(t, emit.Asm(&pb, ps))
	vr, err := asmcheck.Check(t, vb.String(), "--append-body")
	if !assert.NoError(t, err, "%s: vertex shader\n%s", where, vb.String()) {
		return
	}
	pr, err := asmcheck.Check(t, pb.String(), "--append-body")
	if !assert.NoError(t, err, "%s: pixel shader\n%s", where, pb.String()) {
		return
	}
	type decl struct{ reg, mask string }
	outs := map[string]decl{}
	for _, d := range vr.Decls {
		if d.Dir == "out" {
			outs[fmt.Sprint(d.Usage, d.Index)] = decl{d.Reg, d.Mask}
		}
	}
	vsRegOf := map[string]string{} // pixel register -> vertex register
	psRegOf := map[string]string{} // vertex register -> pixel register
	for _, d := range pr.Decls {
		if d.Dir != "in" || d.Usage == "" {
			continue
		}
		o, ok := outs[fmt.Sprint(d.Usage, d.Index)]
		if !assert.True(t, ok, "%s: pixel input %s has no vertex output", where, d) {
			continue
		}
		for _, c := range d.Mask {
			assert.Contains(t, o.mask, string(c), "%s: pixel input %s reads a component the vertex output %s %s does not write", where, d, o.reg, o.mask)
		}
		if prev, ok := vsRegOf[d.Reg]; ok {
			assert.Equal(t, prev, o.reg, "%s: the inputs of %s come from one vertex register", where, d.Reg)
		}
		vsRegOf[d.Reg] = o.reg
		if prev, ok := psRegOf[o.reg]; ok {
			assert.Equal(t, prev, d.Reg, "%s: the outputs of %s are read from one pixel register", where, o.reg)
		}
		psRegOf[o.reg] = d.Reg
	}
}

// TestVariantsUrho3D links Urho3D's shaders (a permutation set: each file
// holds a VS and a PS apart with COMPILEVS/COMPILEPS, and #ifdefs choose
// what they pass) in the permutations of testdata/urho3d.variants. Every
// file with both entry points links as one family, and for every pairing
// of a pixel variant with a vertex variant that writes what it reads, the
// declarations MojoShader reads back from the assembled blocks link.
func TestVariantsUrho3D(t *testing.T) {
	testenv.Heavy(t)
	asmcheck.Tool(t)
	dir, entries, vars := urho3dShaders(t)
	files, pairings := 0, 0
	var costs []string
	for _, e := range entries {
		path := filepath.Join(dir, e.Name())
		src, err := os.ReadFile(path)
		require.NoError(t, err)
		vsPP := hlsl.PPOptions{Defines: []string{"COMPILEVS"}}
		psPP := hlsl.PPOptions{Defines: []string{"COMPILEPS"}}
		uv, err := hlsl.ParseFile(path, src, &vsPP)
		require.NoError(t, err, e.Name())
		up, err := hlsl.ParseFile(path, src, &psPP)
		require.NoError(t, err, e.Name())
		if _, err := uv.EntryPoint("VS"); err != nil {
			continue
		}
		if _, err := up.EntryPoint("PS"); err != nil {
			continue // Vegetation*: a VS that reuses another file's PS
		}
		files++
		s := driver.Source{Name: path, Src: src}
		pairs, fl, err := driver.LinkVariants(s, s, vsPP, psPP, vars, driver.Selector{Entry: "VS"}, driver.Selector{Entry: "PS"}, ir.Constraints{Portable: true})
		if !assert.NoError(t, err, e.Name()) {
			continue
		}
		assert.True(t, fl.Optimal, "%s: family layout proven", e.Name())
		var extra []string
		for i, v := range vars {
			if c := fl.Cost(i); c > 0 {
				extra = append(extra, fmt.Sprintf("%s +%d", v.Name, c))
			}
		}
		costs = append(costs, fmt.Sprintf("%s: largest %d (bound %d)%s", e.Name(), fl.Largest(), fl.LowerBound, prefixed("; ", strings.Join(extra, ", "))))
		for _, ps := range pairs {
			for _, vs := range pairs {
				if _, err := pack.Derive(vs.VS, ps.PS.Sig, ps.PS.File); err != nil {
					continue // this vertex variant does not write all it reads
				}
				pairings++
				matchSemantics(t, fmt.Sprintf("%s: vertex %s, pixel %s", e.Name(), vs.Variant.Name, ps.Variant.Name), vs.VS, ps.PS)
			}
		}
	}
	t.Logf("%d Urho3D shaders, %d variants each: every one links as a family; %d pairings of a pixel variant with a vertex variant checked through MojoShader; registers (cost over each variant's own optimum):\n%s",
		files, len(vars), pairings, strings.Join(costs, "\n"))
	assert.GreaterOrEqual(t, files, 25)
}

func prefixed(p, s string) string {
	if s == "" {
		return ""
	}
	return p + s
}
