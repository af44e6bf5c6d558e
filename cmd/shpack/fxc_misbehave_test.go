package main

import (
	"os"
	"runtime"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/fxcstandin"
)

// killPid ends a process the test started (through the stand-in), by its
// id, and waits for its end where it can (Windows: its program file is
// removed after).
func killPid(pid int) {
	if p, err := os.FindProcess(pid); err == nil {
		p.Kill()
		if runtime.GOOS == "windows" {
			p.Wait()
		}
		p.Release()
	}
}

// TestFxcMisbehavingCompilers: compilers that misbehave (issue 40 item 4).
// One that exits while a child it started still holds its output (as
// wineserver may; here for a minute) made shpack fxc wait for the child:
// it is done when the compiler is. One that a signal kills gave exit 255
// and no message: shpack names the compiler and the signal, and exits as
// a shell says a killed program did (128+N); on Windows, a crash's
// exception is named and its status passed on. Nothing is written then.
func TestFxcMisbehavingCompilers(t *testing.T) {
	st := standin(t)
	_, log := fxcDir(t)
	cc := "--compiler=" + st.fxc

	t.Setenv("SHPACK_STANDIN_MODE", fxcstandin.ModeOrphan)
	start := time.Now()
	code, _, stderr := shpackRun("fxc", cc, "/nologo", "/T", "vs_3_0", "/E", "VS", "/Fo", "fits.vso", "fits.hlsl")
	took := time.Since(start)
	runs := standinLog(t, log)
	require.Len(t, runs, 1)
	if c := runs[0].Child; c != 0 {
		t.Cleanup(func() { killPid(c) })
	}
	require.NotZero(t, runs[0].Child, "the compiler started a child")
	assert.Equal(t, exitOK, code, stderr)
	assert.Less(t, took, 15*time.Second, "done when the compiler is, not when its child lets go of the output (a minute)")
	t.Logf("a compiler whose child holds its output for a minute: %v", took)
	assert.FileExists(t, "fits.vso")

	t.Setenv("SHPACK_STANDIN_MODE", fxcstandin.ModeCrash)
	code, stdout, stderr := shpackRun("fxc", cc, "/nologo", "/T", "vs_3_0", "/E", "VS", "/Fo", "crash.vso", "/Fe", "crash.txt", "fits.hlsl")
	want, msg := 128+9, "shpack: error: the compiler "+st.fxc+" was killed by signal 9 (killed)\n"
	if runtime.GOOS == "windows" {
		want, msg = 0xC0000005, "shpack: error: the compiler "+st.fxc+" crashed: exception 0xC0000005 (access violation)\n"
	}
	assert.Equal(t, want, code)
	assert.Empty(t, stdout)
	assert.Equal(t, msg, stderr)
	assert.Equal(t, msg, string(got0(t, "crash.txt")), "/Fe has the message too")
	assert.NoFileExists(t, "crash.vso")
}
