package main

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/testenv"
)

// TestLoopbackOnly: the playground is served on this machine only; an
// address another machine could reach is refused before anything is
// built.
func TestLoopbackOnly(t *testing.T) {
	for _, tc := range []struct {
		addr string
		err  string
	}{
		{"0.0.0.0:8080", "0.0.0.0 is not a loopback address: the playground is served on this machine only (127.0.0.1)"},
		{":8080", " is not a loopback address: the playground is served on this machine only (127.0.0.1)"},
		{"192.168.1.2:8080", "192.168.1.2 is not a loopback address: the playground is served on this machine only (127.0.0.1)"},
		{"8080", "address 8080: missing port in address"},
	} {
		t.Run(tc.addr, func(t *testing.T) {
			assert.EqualError(t, run(tc.addr), tc.err)
		})
	}
	for _, host := range []string{"127.0.0.1", "::1", "localhost", "127.0.0.2"} {
		assert.True(t, loopback(host), host)
	}
}

// TestBuild builds the playground as serve serves it: the WebAssembly
// module, Go's loader and the page.
func TestBuild(t *testing.T) {
	testenv.Heavy(t)
	testenv.LinuxTool(t, "go", "the playground built as go run ./web/serve builds it")
	dir := testenv.TempDir(t)
	require.NoError(t, Build(dir))
	for _, f := range []string{"shpack.wasm", "wasm_exec.js", "index.html"} {
		st, err := os.Stat(filepath.Join(dir, f))
		if assert.NoError(t, err) {
			assert.Positive(t, st.Size(), f)
		}
	}
}
