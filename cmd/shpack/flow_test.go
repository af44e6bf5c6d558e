package main

import (
	"bytes"
	"encoding/binary"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/d3d9"
	"github.com/shpack/shpack/internal/testenv"
)

// TestFlowRefused: a program whose flow control does not nest, or lacks
// its operands, is refused by every command that reads programs, at its
// token (bytecode) or line (assembly), with exit 1 and nothing written;
// the case of the adversarial round: corpus/repack/flow's vertex shader as
// bytecode with its endif changed to a loop of no operands, which made
// repack panic and check accept it.
func TestFlowRefused(t *testing.T) {
	dir := testenv.TempDir(t)
	root := testenv.Root(t)
	read := func(name string) *d3d9.Program {
		data, err := os.ReadFile(filepath.Join(root, "corpus", "repack", name))
		require.NoError(t, err)
		p, err := d3d9.Parse(name, data)
		require.NoError(t, err)
		return p
	}
	vs, ps := read("flow.vsh"), read("flow.psh")
	vso, err := d3d9.Encode(vs)
	require.NoError(t, err)
	pso, err := d3d9.Encode(ps)
	require.NoError(t, err)
	// The endif's token, changed to loop (opcode 27, no parameters).
	endif := -1
	for i := 1; i < len(vso)/4; i++ {
		if binary.LittleEndian.Uint32(vso[4*i:]) == uint32(d3d9.OpEndIf) {
			endif = i
		}
	}
	require.Positive(t, endif)
	bad := bytes.Clone(vso)
	binary.LittleEndian.PutUint32(bad[4*endif:], uint32(d3d9.OpLoop))
	write := func(name string, data []byte) string {
		p := filepath.Join(dir, name)
		require.NoError(t, os.WriteFile(p, data, 0o644))
		return p
	}
	badVS, goodPS := write("bad.vso", bad), write("f.pso", pso)
	vsText, err := os.ReadFile(filepath.Join(root, "corpus", "repack", "flow.vsh"))
	require.NoError(t, err)
	// Assembly with a closer that has no opener, each of the four.
	lines := strings.Split(string(vsText), "\n")
	asm := map[string]string{}
	for _, closer := range []string{"endloop", "else", "endif", "endrep"} {
		asm[closer] = write("lone_"+closer+".vsh", []byte(strings.Join(lines[:9], "\n")+"\n  "+closer+"\n"+strings.Join(lines[9:], "\n")))
	}
	tokenErr := badVS + ": error: token " + strconv.Itoa(endif) + ": loop takes 2 source operands, has 0"
	tests := []struct {
		name string
		args []string
		want string
	}{
		{"repack", []string{"repack", "--vs-out=" + filepath.Join(dir, "o.vso"), "--ps-out=" + filepath.Join(dir, "o.pso"), badVS, goodPS}, tokenErr},
		{"repack to stdout", []string{"repack", badVS, goodPS}, tokenErr},
		{"check", []string{"check", badVS, goodPS}, tokenErr},
		{"check alone", []string{"check", badVS}, tokenErr},
		{"endloop without loop", []string{"check", asm["endloop"]}, asm["endloop"] + ":10:3: error: endloop without a loop: no block is open"},
		{"else without if", []string{"repack", asm["else"], goodPS}, asm["else"] + ":10:3: error: else without an if: no block is open"},
		{"endif without if", []string{"check", asm["endif"], goodPS}, asm["endif"] + ":10:3: error: endif without an if: no block is open"},
		{"endrep without rep", []string{"repack", asm["endrep"], goodPS}, asm["endrep"] + ":10:3: error: endrep without a rep: no block is open"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := shpackRun(append(tc.args[:1:1], append([]string{"--diagnostics-format=plain"}, tc.args[1:]...)...)...)
			assert.Equal(t, exitInput, code, "stderr:\n%s", stderr)
			assert.Empty(t, stdout)
			assert.Equal(t, tc.want, strings.SplitN(stderr, "\n", 2)[0])
			assert.NoFileExists(t, filepath.Join(dir, "o.vso"))
			assert.NoFileExists(t, filepath.Join(dir, "o.pso"))
		})
	}
	// The program as it was repacks.
	code, _, stderr := shpackRun("repack", "--vs-out="+filepath.Join(dir, "o.vso"), "--ps-out="+filepath.Join(dir, "o.pso"), write("good.vso", vso), goodPS)
	assert.Equal(t, exitOK, code, stderr)
}
