package asmcheck

import (
	"bytes"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/emit"
	"github.com/shpack/shpack/ir"
)

// MatchSemantics assembles a linked pair and checks the declarations the
// bytecode holds against the rules a runtime links by ("Match Semantics"):
// each pixel input is a vertex output with the same semantic at the same
// component letters (its mask a subset), and inputs share a pixel register
// exactly when their outputs share a vertex register. where names the pair
// in failures.
func MatchSemantics(t *testing.T, where string, vs, ps *ir.Layout) {
	t.Helper()
	var vb, pb bytes.Buffer
	require.NoError(t, emit.Asm(&vb, vs))
	require.NoError(t, emit.Asm(&pb, ps))
	vr, err := Check(t, vb.String(), "--append-body")
	if !assert.NoError(t, err, "%s: vertex shader\n%s", where, vb.String()) {
		return
	}
	pr, err := Check(t, pb.String(), "--append-body")
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
