// Package winecompile compiles HLSL to Direct3D 9 bytecode with the
// D3DCompile of Debian's Wine, for tests: the only HLSL compiler to d3dbc
// that CI has. It is vkd3d-shader 1.6 (built into Wine 8.0's wined3d.dll),
// which compiles straight-line arithmetic, structs, swizzles, constructors,
// mul and lerp but not calls to user functions, saturate, dot, abs, if,
// ?: or tex2D, and miscompiles for loops without a word (the render
// check's README): tests give it shaders within that subset, and a
// rewrite edited in place (package rewrite) adds nothing outside it.
//
// c/d3dcompile.c, a small Windows program of this package, is built with
// mingw-w64 and run under Wine in a prefix of its own (in the temporary
// directory, made once, about 10 s); each compile takes a fraction of a
// second. Tests skip when Wine or mingw-w64 is missing and CI is unset,
// and fail when CI is set (.ci/run installs them); the Windows build's
// tests, which run under Wine themselves, skip (testenv.LinuxTool).
package winecompile

import (
	"bytes"
	"crypto/sha256"
	"encoding/hex"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/rogpeppe/go-internal/lockedfile"

	"github.com/shpack/shpack/internal/testenv"
)

var (
	once     sync.Once
	exe, pfx string
	buildErr error
)

// tool builds the compiler and makes the Wine prefix, once per process
// (and, through a lock file, once per machine for concurrent processes).
func tool(t testing.TB) (string, string) {
	t.Helper()
	for _, need := range []string{"wine", "wineboot", "wineserver", "x86_64-w64-mingw32-gcc"} {
		testenv.LinuxTool(t, need, "that HLSL compiles to Direct3D 9 bytecode with Wine's D3DCompile")
	}
	src := filepath.Join(testenv.Root(t), "internal", "winecompile", "c", "d3dcompile.c")
	once.Do(func() { exe, pfx, buildErr = build(src) })
	if buildErr != nil {
		t.Fatalf("winecompile: %v", buildErr)
	}
	return exe, pfx
}

func build(src string) (string, string, error) {
	code, err := os.ReadFile(src)
	if err != nil {
		return "", "", err
	}
	sum := sha256.Sum256(code)
	work := filepath.Join(os.TempDir(), "shpack-winecompile")
	dir := filepath.Join(work, hex.EncodeToString(sum[:6]))
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return "", "", err
	}
	unlock, err := lockedfile.MutexAt(filepath.Join(work, "lock")).Lock()
	if err != nil {
		return "", "", err
	}
	defer unlock()
	exe := filepath.Join(dir, "d3dcompile.exe")
	if _, err := os.Stat(exe); err != nil {
		cmd := exec.Command("x86_64-w64-mingw32-gcc", "-O2", "-Wall", "-o", exe+".tmp", src, "-ld3dcompiler_47")
		if out, err := cmd.CombinedOutput(); err != nil {
			return "", "", fmt.Errorf("building %s: %v\n%s", src, err, out)
		}
		if err := os.Rename(exe+".tmp", exe); err != nil {
			return "", "", err
		}
	}
	prefix := filepath.Join(work, "prefix")
	if _, err := os.Stat(filepath.Join(prefix, "system.reg")); err != nil {
		cmd := exec.Command("sh", "-c", "wineboot -i >/dev/null 2>&1; wineserver -w")
		cmd.Env = wineEnv(prefix)
		if out, err := cmd.CombinedOutput(); err != nil {
			return "", "", fmt.Errorf("making the Wine prefix %s: %v\n%s", prefix, err, out)
		}
	}
	return exe, prefix, nil
}

func wineEnv(prefix string) []string {
	return append(os.Environ(), "WINEPREFIX="+prefix, "WINEDEBUG=-all", "WINEDLLOVERRIDES=mscoree,mshtml=")
}

// Compile compiles entry of file for profile into bytecode at out, with
// Wine's D3DCompile, in dir (file and out relative to it, or absolute; the
// compiler opens includes from there). A failed compile, or one whose
// messages hold an error code (vkd3d 1.6 returns success for features it
// does not implement), is an error with the compiler's messages.
func Compile(t testing.TB, dir, file, entry, profile, out string) error {
	t.Helper()
	exe, prefix := tool(t)
	cmd := exec.Command("wine", exe, file, entry, profile, out)
	cmd.Dir = dir
	cmd.Env = wineEnv(prefix)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	err := cmd.Run()
	if err != nil || strings.Contains(stdout.String(), ": error: ") {
		return fmt.Errorf("D3DCompile (Wine) -e %s -p %s %s: %v\n%s%s", entry, profile, file, err, stdout.String(), stderr.String())
	}
	if _, err := os.Stat(filepath.Join(dir, out)); err != nil && !filepath.IsAbs(out) {
		return fmt.Errorf("D3DCompile (Wine) wrote no %s: %s%s", out, stdout.String(), stderr.String())
	}
	return nil
}
