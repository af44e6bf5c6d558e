//go:build unix

package main

import (
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/testenv"
)

// TestDevicesAsOutputs: two outputs may both be /dev/null (they were
// refused as one file, by repack and shpack fxc alike); a FIFO as an output that no process reads is an
// error after a while (10 s), not a run that waits for ever (shpack fxc
// /Fo FIFO).
func TestDevicesAsOutputs(t *testing.T) {
	vs, ps := filepath.Join(testenv.Root(t), "corpus", "repack", "split.vsh"), filepath.Join(testenv.Root(t), "corpus", "repack", "split.psh")
	code, stdout, stderr := shpackRun("repack", "--vs-out=/dev/null", "--ps-out=/dev/null", vs, ps)
	assert.Equal(t, exitOK, code, stderr)
	assert.Empty(t, stdout)

	st := standin(t)
	fxcDir(t)
	// shpack fxc's outputs as well (/Fe, /Fo and /Fc to /dev/null: a build
	// that keeps only the exit status).
	code, _, stderr = shpackRun("fxc", "--compiler="+st.fxc, "/nologo", "/T", "vs_3_0", "/E", "VS", "/Fo", "/dev/null", "/Fc", "/dev/null", "/Fe", "/dev/null", "fits.hlsl")
	assert.Equal(t, exitOK, code, stderr)

	require.NoError(t, syscall.Mkfifo("out.vso", 0o644))
	done := make(chan [3]any, 1)
	go func() {
		code, stdout, stderr := shpackRun("fxc", "--compiler="+st.fxc, "/nologo", "/T", "vs_3_0", "/E", "VS", "/Fo", "out.vso", "fits.hlsl")
		done <- [3]any{code, stdout, stderr}
	}()
	select {
	case r := <-done:
		assert.Equal(t, exitInput, r[0], r[2])
		assert.Contains(t, r[2], "out.vso: error: cannot write: a FIFO that no process reads (shpack waited 10s for one)")
	case <-time.After(30 * time.Second):
		t.Fatal("shpack fxc /Fo FIFO waited for a reader")
	}
	fi, err := os.Lstat("out.vso")
	require.NoError(t, err)
	assert.NotZero(t, fi.Mode()&os.ModeNamedPipe, "the FIFO is left as it was")
}
