package repack

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/d3d9"
	"github.com/shpack/shpack/internal/testenv"
)

// TestShapeRefused: a program built in memory with a loop of no operands
// (what Decode once let through from bytecode, and indexedBlocks indexed
// into) is an error of Pair and Vertex, at the instruction, not a panic.
func TestShapeRefused(t *testing.T) {
	dir := filepath.Join(testenv.Root(t), "corpus", "repack")
	read := func(name string) *d3d9.Program {
		data, err := os.ReadFile(filepath.Join(dir, name))
		require.NoError(t, err)
		return parse(t, name, string(data))
	}
	vs, ps := read("flow.vsh"), read("flow.psh")
	for _, in := range vs.Insts {
		if in.Op == d3d9.OpEndIf {
			in.Op = d3d9.OpLoop
		}
	}
	_, err := Pair(vs, ps, "flow.vsh", "flow.psh", Options{Portable: true})
	require.Error(t, err)
	assert.Regexp(t, `^flow.vsh:\d+:1: error: loop takes 2 source operands, has 0$`, err.Error())
	_, _, err = Vertex(vs, "flow.vsh", nil)
	require.Error(t, err)
	assert.Contains(t, err.Error(), "loop takes 2 source operands, has 0")
}

// FuzzPairBytecode: the corpus pairs as bytecode, the vertex shader's
// tokens changed by the fuzzer: whatever decodes repacks or fails with
// errors, never a panic.
func FuzzPairBytecode(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join(testenv.Root(f), "corpus", "repack", "*.vsh"))
	var pss [][]byte
	for _, vf := range files {
		vs, err1 := os.ReadFile(vf)
		ps, err2 := os.ReadFile(strings.TrimSuffix(vf, ".vsh") + ".psh")
		if err1 != nil || err2 != nil {
			continue
		}
		vp, err1 := d3d9.Parse("f.vsh", vs)
		pp, err2 := d3d9.Parse("f.psh", ps)
		if err1 != nil || err2 != nil {
			continue
		}
		vb, err1 := d3d9.Encode(vp)
		pb, err2 := d3d9.Encode(pp)
		if err1 == nil && err2 == nil {
			f.Add(vb, uint8(len(pss)))
			pss = append(pss, pb)
		}
	}
	if len(pss) == 0 {
		f.Skip("no corpus pairs")
	}
	f.Fuzz(func(t *testing.T, vsData []byte, which uint8) {
		vs, err := d3d9.Decode("f.vso", vsData)
		if err != nil {
			return
		}
		ps, err := d3d9.Decode("f.pso", pss[int(which)%len(pss)])
		if err != nil {
			t.Fatal(err)
		}
		res, err := Pair(vs, ps, "f.vso", "f.pso", Options{Portable: true})
		if err != nil {
			return
		}
		for _, p := range []*d3d9.Program{res.VS, res.PS} {
			if _, err := d3d9.Encode(p); err != nil {
				t.Fatalf("the repacked program does not encode: %v", err)
			}
			if errs := d3d9.CheckShape("g", p); len(errs) > 0 {
				t.Fatalf("the repacked program has the wrong shape: %v", errs)
			}
		}
	})
}
