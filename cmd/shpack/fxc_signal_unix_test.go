//go:build unix

package main

import (
	"bytes"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/fxcstandin"
)

// TestFxcInterrupted: a compiler that never returns, and shpack fxc
// killed by the build (issue 40 item 4): SIGINT (Ctrl+C) or SIGTERM (a
// build that stops its steps) stops the compiler, removes shpack's
// temporary folder, writes nothing, and shpack ends by the signal, as
// the compiler would have. shpack runs as a program here: this test
// binary under the name shpack (TestMain runs it as the command).
// Windows has no signals to send from a test; Job.Run's cleanup when its
// context ends is compile.TestRunMisbehaving's, under Wine too.
func TestFxcInterrupted(t *testing.T) {
	st := standin(t)
	dir, log := fxcDir(t)
	self, err := os.Executable()
	require.NoError(t, err)
	shpack := filepath.Join(st.dir, "shpack")
	if err := os.Link(self, shpack); err != nil {
		data, err := os.ReadFile(self)
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(shpack, data, 0o755))
	}
	for _, sig := range []syscall.Signal{syscall.SIGINT, syscall.SIGTERM} {
		t.Run(sig.String(), func(t *testing.T) {
			tmp := filepath.Join(dir, "tmp-"+sig.String())
			require.NoError(t, os.Mkdir(tmp, 0o755))
			os.Remove(log)
			cmd := exec.Command(shpack, "fxc", "--compiler="+st.fxc, "/nologo", "/T", "vs_3_0", "/E", "VS", "/Fo", "hang.vso", "fits.hlsl")
			cmd.Dir = dir
			cmd.Env = append(os.Environ(), "TMPDIR="+tmp, "SHPACK_STANDIN_MODE="+fxcstandin.ModeHang, "SHPACK_STANDIN_LOG="+log)
			var stderr bytes.Buffer
			cmd.Stderr = &stderr
			require.NoError(t, cmd.Start())
			guard := time.AfterFunc(time.Minute, func() { cmd.Process.Kill() })
			defer guard.Stop()
			require.Eventually(t, func() bool { return len(standinLog(t, log)) == 1 }, 30*time.Second, 20*time.Millisecond, "the compiler runs")
			compiler := standinLog(t, log)[0].Pid
			t.Cleanup(func() {
				if t.Failed() { // else it is gone, and its id may be another's
					killPid(compiler)
				}
			})
			entries, err := os.ReadDir(tmp)
			require.NoError(t, err)
			require.Len(t, entries, 1, "shpack's temporary folder, while the compiler runs")

			start := time.Now()
			require.NoError(t, cmd.Process.Signal(sig))
			err = cmd.Wait()
			t.Logf("%v: shpack ended %v after the signal", sig, time.Since(start))
			var exit *exec.ExitError
			require.True(t, errors.As(err, &exit), "%v: %s", err, stderr.String())
			ws := exit.Sys().(syscall.WaitStatus)
			assert.True(t, ws.Signaled() && ws.Signal() == sig, "shpack ends by the signal: %v", exit)
			assert.Contains(t, stderr.String(), "the compiler was stopped; nothing was written")
			entries, err = os.ReadDir(tmp)
			require.NoError(t, err)
			assert.Empty(t, entries, "no temporary folder left behind")
			assert.Eventually(t, func() bool { return syscall.Kill(compiler, 0) != nil }, 10*time.Second, 20*time.Millisecond, "the compiler is stopped")
			assert.NoFileExists(t, filepath.Join(dir, "hang.vso"))
		})
	}
}
