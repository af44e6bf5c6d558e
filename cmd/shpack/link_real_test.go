package main

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/driver"
	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/internal/asmcheck"
	"github.com/shpack/shpack/internal/testenv"
	"github.com/shpack/shpack/pack"
)

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
		res, err := driver.Link([]driver.Source{{Name: path, Src: src}}, driver.LinkOptions{
			Packing: driver.Packing{Portable: true}, PP: vsPP, PixelPP: &psPP,
			VS: driver.Selector{Entry: "VS"}, PS: driver.Selector{Entry: "PS"}, Variants: vars,
		})
		if !assert.NoError(t, err, e.Name()) {
			continue
		}
		fam := res.Family
		assert.True(t, fam.Optimal, "%s: family layout proven", e.Name())
		var extra []string
		for _, v := range res.Variants {
			if c := v.VS.GeneralRegisters() - v.Own; c > 0 {
				extra = append(extra, fmt.Sprintf("%s +%d", v.Name, c))
			}
		}
		costs = append(costs, fmt.Sprintf("%s: largest %d (bound %d)%s", e.Name(), fam.Largest, fam.LowerBound, prefixed("; ", strings.Join(extra, ", "))))
		for _, ps := range res.Variants {
			for _, vs := range res.Variants {
				if _, err := pack.Derive(vs.VS, ps.PS.Sig, ps.PS.File); err != nil {
					continue // this vertex variant does not write all it reads
				}
				pairings++
				asmcheck.MatchSemantics(t, fmt.Sprintf("%s: vertex %s, pixel %s", e.Name(), vs.Name, ps.Name), vs.VS, ps.PS)
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
