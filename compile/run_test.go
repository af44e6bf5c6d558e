package compile_test

import (
	"bufio"
	"context"
	"encoding/json"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/compile"
	"github.com/shpack/shpack/internal/fxcstandin"
	"github.com/shpack/shpack/internal/testenv"
)

// The test binary is the stand-in compiler when it runs as fxc.
func init() { fxcstandin.Dispatch() }

// fits is a vertex shader with nothing to pack: it goes to the compiler
// as it is.
const fits = "float4 VS(float4 p : POSITION, out float2 uv : TEXCOORD0) : POSITION { uv = p.xy; return p; }\n"

// logEntries reads the stand-in's log ("" lines: none yet).
func logEntries(t *testing.T, path string) []fxcstandin.Entry {
	t.Helper()
	f, err := os.Open(path)
	if errors.Is(err, os.ErrNotExist) {
		return nil
	}
	require.NoError(t, err)
	defer f.Close()
	var out []fxcstandin.Entry
	sc := bufio.NewScanner(f)
	sc.Buffer(nil, 1<<24)
	for sc.Scan() {
		var e fxcstandin.Entry
		require.NoError(t, json.Unmarshal(sc.Bytes(), &e))
		out = append(out, e)
	}
	return out
}

// alive reports whether a process is running.
func alive(pid int) bool {
	p, err := os.FindProcess(pid)
	if err != nil {
		return false
	}
	defer p.Release()
	if runtime.GOOS == "windows" {
		return true // found: it has not ended
	}
	return p.Signal(syscall.Signal(0)) == nil
}

// kill ends a process the test started (through the stand-in), by its
// id, and waits for its end where it can (Windows: its program file is
// removed after).
func kill(pid int) {
	if p, err := os.FindProcess(pid); err == nil {
		p.Kill()
		if runtime.GOOS == "windows" {
			p.Wait()
		}
		p.Release()
	}
}

// TestRunMisbehaving: compilers that misbehave (issue 40 item 4). One
// that exits while a child it started holds its output (as wineserver
// may) is done when it exits, not when the child lets go; one that a
// signal kills (or that crashes, on Windows) is named, with the signal or
// the exception, and a shell's status; one that never returns is stopped
// when the run's context ends, and shpack's temporary folder goes with
// it.
func TestRunMisbehaving(t *testing.T) {
	dir := testenv.TempDir(t)
	fxc, _, err := fxcstandin.Install(dir)
	require.NoError(t, err)
	src := filepath.Join(dir, "fits.hlsl")
	require.NoError(t, os.WriteFile(src, []byte(fits), 0o644))

	tests := []struct {
		mode     string
		stop     bool // cancel the context once the compiler runs
		exitCode int
		msg      string
	}{
		{mode: fxcstandin.ModeOrphan},
		{mode: fxcstandin.ModeCrash, exitCode: 128 + 9, msg: "was killed by signal 9 (killed)"},
		{mode: fxcstandin.ModeHang, stop: true},
	}
	if runtime.GOOS == "windows" {
		tests[1].exitCode, tests[1].msg = 0xC0000005, "crashed: exception 0xC0000005 (access violation)"
	}
	for _, tc := range tests {
		t.Run(tc.mode, func(t *testing.T) {
			tmp := filepath.Join(dir, tc.mode+"-tmp")
			require.NoError(t, os.Mkdir(tmp, 0o755))
			log := filepath.Join(dir, tc.mode+".log")
			t.Setenv("SHPACK_STANDIN_LOG", log)
			t.Setenv("SHPACK_STANDIN_MODE", tc.mode)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			if tc.stop {
				go func() {
					for _, err := os.Stat(log); err != nil; _, err = os.Stat(log) {
						time.Sleep(20 * time.Millisecond)
					}
					cancel()
				}()
			}
			start := time.Now()
			res, err := compile.Run(ctx, compile.Options{
				Args:     &compile.Args{Profile: "vs_3_0", Entry: "VS", Fo: filepath.Join(dir, "out.vso"), Source: src},
				Compiler: fxc, Kind: compile.FXC, TempDir: tmp,
			})
			took := time.Since(start)
			entries := logEntries(t, log)
			require.Len(t, entries, 1, "the compiler ran")
			if c := entries[0].Child; c != 0 {
				t.Cleanup(func() { kill(c) })
			}
			assert.Less(t, took, 20*time.Second, "done when the compiler is (its child holds the output for a minute)")
			left, rerr := os.ReadDir(tmp)
			require.NoError(t, rerr)
			assert.Empty(t, left, "shpack's temporary folder is removed")
			switch {
			case tc.stop:
				require.Error(t, err)
				assert.ErrorIs(t, err, context.Canceled)
				assert.Contains(t, err.Error(), "the compiler "+fxc+" was stopped")
				assert.Eventually(t, func() bool { return !alive(entries[0].Pid) }, 10*time.Second, 50*time.Millisecond, "the compiler is stopped")
			case tc.exitCode != 0:
				require.NoError(t, err)
				assert.Equal(t, tc.exitCode, res.ExitCode)
				require.NotEmpty(t, res.Diagnostics)
				assert.Equal(t, "shpack: error: the compiler "+fxc+" "+tc.msg, res.Diagnostics[len(res.Diagnostics)-1].String())
				assert.Empty(t, res.Outputs)
			default:
				require.NoError(t, err)
				assert.Equal(t, 0, res.ExitCode, "%v", res.Diagnostics)
				require.Len(t, res.Outputs, 1)
				assert.NotZero(t, entries[0].Child, "the stand-in started a child")
				assert.True(t, alive(entries[0].Child), "which still holds the output")
			}
		})
	}
}
