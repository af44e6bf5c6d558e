package check

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/d3d9"
)

// TestProfilePositioned: a program of another profile is named at its
// version: the line in assembly, token 0 in bytecode.
func TestProfilePositioned(t *testing.T) {
	p := parse(t, "vs.asm", "// listing\nvs_2_0\ndcl_position v0\nmov oPos, v0\n")
	errs := Program(p, "vs.asm")
	require.Len(t, errs, 1)
	assert.Equal(t, "vs.asm:2:1: error: the vertex shader is vs_2_0: check reads vs_3_0", errs[0].Error())
	b, err := d3d9.Encode(p)
	require.NoError(t, err)
	q, err := d3d9.Decode("vs.vso", b)
	require.NoError(t, err)
	errs = Program(q, "vs.vso")
	require.Len(t, errs, 1)
	assert.Equal(t, "vs.vso: error: token 0: the vertex shader is vs_2_0: check reads vs_3_0", errs[0].Error())
}

// TestWholeProgramPositioned: what a program lacks (a POSITION0 output)
// is named at its version: its line, or token 0 of bytecode (it named the
// file only: the adversarial pass).
func TestWholeProgramPositioned(t *testing.T) {
	p := parse(t, "vs.asm", "\n  vs_3_0\ndcl_texcoord o1\nmov o1, c0\n")
	errs := Program(p, "vs.asm")
	require.Len(t, errs, 1)
	assert.Equal(t, "vs.asm:2:3: error: no POSITION0 output: a vs_3_0 program declares one (dcl_position o#)", errs[0].Error())
	b, err := d3d9.Encode(p)
	require.NoError(t, err)
	q, err := d3d9.Decode("vs.vso", b)
	require.NoError(t, err)
	errs = Program(q, "vs.vso")
	require.Len(t, errs, 1)
	assert.Equal(t, "vs.vso: error: token 0: no POSITION0 output: a vs_3_0 program declares one (dcl_position o#)", errs[0].Error())
}
