package check

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/d3d9"
)

// TestWholeProgramPositioned: what is wrong with a program as a whole is
// named at its version: its line in assembly, token 0 in bytecode. A
// program of another profile; one that lacks a POSITION0 output (it named
// the file only: the adversarial pass).
func TestWholeProgramPositioned(t *testing.T) {
	for _, tc := range []struct {
		name, asm, wantAsm, wantCso string
	}{
		{"another profile", "// listing\nvs_2_0\ndcl_position v0\nmov oPos, v0\n",
			"vs.asm:2:1: error: the vertex shader is vs_2_0: check reads vs_3_0",
			"vs.vso: error: token 0: the vertex shader is vs_2_0: check reads vs_3_0"},
		{"no POSITION0", "\n  vs_3_0\ndcl_texcoord o1\nmov o1, c0\n",
			"vs.asm:2:3: error: no POSITION0 output: a vs_3_0 program declares one (dcl_position o#)",
			"vs.vso: error: token 0: no POSITION0 output: a vs_3_0 program declares one (dcl_position o#)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			p := parse(t, "vs.asm", tc.asm)
			errs := Program(p, "vs.asm")
			require.Len(t, errs, 1)
			assert.Equal(t, tc.wantAsm, errs[0].Error())
			b, err := d3d9.Encode(p)
			require.NoError(t, err)
			q, err := d3d9.Decode("vs.vso", b)
			require.NoError(t, err)
			errs = Program(q, "vs.vso")
			require.Len(t, errs, 1)
			assert.Equal(t, tc.wantCso, errs[0].Error())
		})
	}
}
