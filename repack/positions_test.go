package repack

import (
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/d3d9"
)

// TestErrorsAtTokens: what packing says of a declaration of a program
// read from bytecode names its token and instruction (the adversarial
// pass found it at the file only); of assembly, its line.
func TestErrorsAtTokens(t *testing.T) {
	vsText := "vs_3_0\ndcl_position o0\ndcl_texcoord0 o1.xy\nmov o0, c0\nmov o1.xy, c0\n"
	psText := "ps_3_0\ndcl_texcoord0 v0.xy\ndcl_texcoord5 v5.yz\nmov r0, v0\nadd r0.yz, r0, v5\nmov oC0, r0\n"
	vs, ps := parse(t, "d.vsh", vsText), parse(t, "d.psh", psText)
	_, err := Pair(vs, ps, "d.vsh", "d.psh", Options{Portable: true})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "d.psh:3:1: error: pixel input TEXCOORD5")

	bin := func(p *d3d9.Program, name string) *d3d9.Program {
		b, err := d3d9.Encode(p)
		require.NoError(t, err)
		q, err := d3d9.Decode(name, b)
		require.NoError(t, err)
		return q
	}
	vso, pso := bin(vs, "d.vso"), bin(ps, "d.pso")
	_, err = Pair(vso, pso, "d.vso", "d.pso", Options{Portable: true})
	require.Error(t, err)
	var dcl *d3d9.Inst
	for _, in := range pso.Insts {
		if in.Op == d3d9.OpDcl && in.Dst.Num == 5 {
			dcl = in
		}
	}
	require.NotNil(t, dcl)
	assert.Contains(t, err.Error(), "d.pso: error: token "+strconv.Itoa(dcl.Offset)+" (dcl_texcoord5 v5.yz): pixel input TEXCOORD5")
}
