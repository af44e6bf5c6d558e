package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/emit"
	"github.com/shpack/shpack/internal/asmcheck"
	"github.com/shpack/shpack/internal/testenv"
)

// variantsDoc runs link --variants on the corpus's lit shader and returns
// the JSON document and the folder holding LIT.VARIANT.vsh/.psh.
func variantsDoc(t *testing.T, extra ...string) (emit.VariantsJSONDoc, string) {
	t.Helper()
	t.Chdir(testenv.Root(t))
	dir := testenv.TempDir(t)
	args := append([]string{"link", "--variants=corpus/variants/lit.variants"}, extra...)
	code, js, stderr := shpackRun(append(append(args, "--format=json"), "corpus/variants/lit.hlsl")...)
	require.Equal(t, exitOK, code, stderr)
	var doc emit.VariantsJSONDoc
	require.NoError(t, json.Unmarshal([]byte(js), &doc))
	code, _, stderr = shpackRun(append(append(args, "--out-dir="+dir), "corpus/variants/lit.hlsl")...)
	require.Equal(t, exitOK, code, stderr)
	return doc, dir
}

// crossSlots pairs the components a pixel shader of one variant reads
// with where the vertex shader of another writes them, by semantic; ok is
// false when the vertex variant does not write everything it reads.
func crossSlots(vs, ps emit.LayoutJSON) (ss []slot, ok bool) {
	type sem struct {
		s string
		i int
	}
	out := map[sem]emit.ElementJSON{}
	for _, e := range vs.Elements {
		out[sem{e.Semantic, e.Index}] = e
	}
	k := 0
	for _, p := range ps.Elements {
		if p.Register == "" || !strings.HasPrefix(p.Register, "v") || strings.HasPrefix(p.Register, "vP") || strings.HasPrefix(p.Register, "vF") {
			continue
		}
		e, found := out[sem{p.Semantic, p.Index}]
		if !found {
			return nil, false
		}
		for c := range p.Components {
			ss = append(ss, slot{value: value(p.Semantic, k), vsReg: e.Register, vsComp: strings.IndexByte(xyzw, e.Mask[0]) + c,
				psReg: p.Register, psComp: strings.IndexByte(xyzw, p.Mask[0]) + c})
			k++
		}
	}
	return ss, true
}

// TestVariantsLinkEveryPairing: the pixel shader of every variant, against
// the vertex shader of every variant that writes what it reads, declares
// each input where that vertex shader writes it (read back from bytecode
// assembled by MojoShader), and the layouts pass CheckLayout in the command.
func TestVariantsLinkEveryPairing(t *testing.T) {
	testenv.Heavy(t)
	asmcheck.Tool(t)
	for _, portable := range []bool{false, true} {
		var extra []string
		if portable {
			extra = append(extra, "--portable")
		}
		doc, dir := variantsDoc(t, extra...)
		require.Len(t, doc.Variants, 6)
		assert.True(t, doc.Optimal)
		assert.Equal(t, doc.LowerBound, doc.Largest)
		pairs := 0
		for _, pv := range doc.Variants {
			psAsm, err := os.ReadFile(filepath.Join(dir, "lit."+pv.Name+".psh"))
			require.NoError(t, err)
			ps, err := asmcheck.Check(t, string(psAsm), "--append-body")
			require.NoError(t, err)
			for _, vv := range doc.Variants {
				if _, ok := crossSlots(*vv.VS, *pv.PS); !ok {
					continue
				}
				vsAsm, err := os.ReadFile(filepath.Join(dir, "lit."+vv.Name+".vsh"))
				require.NoError(t, err)
				vs, err := asmcheck.Check(t, string(vsAsm), "--append-body")
				require.NoError(t, err)
				pairs++
				// The pixel variant's registers against another vertex
				// variant's: derived from its own, they must still match.
				outs := map[string]asmcheck.Decl{}
				for _, d := range vs.Decls {
					if d.Dir == "out" {
						outs[fmt.Sprint(d.Usage, d.Index)] = d
					}
				}
				for _, d := range ps.Decls {
					if d.Dir != "in" || d.Usage == "" {
						continue
					}
					o, found := outs[fmt.Sprint(d.Usage, d.Index)]
					if !assert.True(t, found, "ps %s / vs %s: %s not written", pv.Name, vv.Name, d) {
						continue
					}
					for _, c := range d.Mask {
						assert.Contains(t, o.Mask, string(c), "ps %s / vs %s: %s", pv.Name, vv.Name, d)
					}
				}
			}
		}
		t.Logf("portable=%v: %d variant pairings link", portable, pairs)
		assert.Greater(t, pairs, 10)
	}
}

// TestRenderVariants draws, on Wine, the pixel shader of one variant after
// the vertex shader of another (portable layouts): every component the
// pixel shader reads arrives.
func TestRenderVariants(t *testing.T) {
	testenv.Heavy(t)
	tool := renderTool(t)
	doc, dir := variantsDoc(t, "--portable")
	byName := map[string]emit.VariantJSON{}
	for _, v := range doc.Variants {
		byName[v.Name] = v
	}
	for _, pair := range [][2]string{{"full", "fog"}, {"full", "shadow"}, {"shadow4", "base"}, {"full", "lightmap"}} {
		vv, pv := byName[pair[0]], byName[pair[1]]
		t.Run(pair[0]+"/"+pair[1], func(t *testing.T) {
			ss, ok := crossSlots(*vv.VS, *pv.PS)
			if !ok {
				t.Fatalf("vertex variant %s does not write what pixel variant %s reads", pair[0], pair[1])
			}
			vsAsm, err := os.ReadFile(filepath.Join(dir, "lit."+vv.Name+".vsh"))
			require.NoError(t, err)
			psAsm, err := os.ReadFile(filepath.Join(dir, "lit."+pv.Name+".psh"))
			require.NoError(t, err)
			work := testenv.TempDir(t)
			vsFile := filepath.Join(work, "vs.asm")
			require.NoError(t, os.WriteFile(vsFile, []byte(vertexShader(string(vsAsm), *vv.VS, ss)), 0o644))
			shaders, wants := pixelShaders(string(psAsm), ss)
			for i, p := range shaders {
				psFile := filepath.Join(work, fmt.Sprintf("ps%d.asm", i))
				require.NoError(t, os.WriteFile(psFile, []byte(p), 0o644))
				res := render(t, tool, vsFile, psFile, wants[i])
				assert.True(t, res.pass, "vertex %s, pixel %s: %d of %d\n%s", pair[0], pair[1], res.matched, res.total, res.output)
			}
		})
	}
}
