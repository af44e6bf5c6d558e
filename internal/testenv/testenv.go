// Package testenv finds what tests need outside their package directory: the
// repository root (the directory holding go.mod) and the shared workspace
// beside it (../shared: the seeds, the real-world corpus and the check
// tools). It is imported by tests only.
package testenv

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/shpack/shpack/internal/scratch"
)

// Root returns the repository root: the nearest directory at or above the
// working directory that holds go.mod, as the test binary started (go test
// starts it in its package's directory): a test that changed directory
// into a folder of its own still finds the repository.
func Root(t testing.TB) string {
	t.Helper()
	dir, err := root()
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// root finds the repository root once per test binary.
var root = sync.OnceValues(func() (string, error) {
	dir, err := os.Getwd()
	if err != nil {
		return "", err
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir, nil
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			return "", errors.New("testenv: no go.mod above the working directory")
		}
		dir = parent
	}
})

// Shared returns the path of a file or directory in ../shared beside the
// repository root. If it does not exist the test is skipped, saying what
// it would have checked it against, unless CI is set, where a missing
// shared workspace is a failure: a clone passes go test ./... on its own.
func Shared(t testing.TB, rel string) string {
	t.Helper()
	p := filepath.Join(Root(t), "..", "shared", rel)
	if _, err := os.Stat(p); err != nil {
		if InCI() {
			t.Fatalf("testenv: %s is missing: %v", p, err)
		}
		t.Skipf("testenv: skipped: %s checks shpack against ../shared/%s (%s), which CI keeps beside the repository and this checkout has not (CI unset)", t.Name(), filepath.ToSlash(rel), sharedWhat(rel))
	}
	return p
}

// sharedWhat says what a part of ../shared is, for the message of a test
// that skips without it.
func sharedWhat(rel string) string {
	for _, w := range [][2]string{
		{"corpus-real", "real-world shaders of 7 projects"},
		{"tools/d3d9-render-check", "a pair drawn on Wine's Direct3D 9, and the runtimes' measured tables"},
		{"tools/mojoshader-gl-check", "a pair drawn on MojoShader's OpenGL path"},
		{"tools/d3dasm-check", "MojoShader's assembler and its cases"},
		{"tools/wine-go", "the Windows build's tests run under Wine"},
	} {
		if rel == w[0] || strings.HasPrefix(rel, w[0]+"/") {
			return w[1]
		}
	}
	return "shared test data"
}

// TempDir returns a new folder for the test, removed when the test and
// its subtests end, as t.TempDir does. Tests call this and not t.TempDir:
// the Windows build's tests run under Wine, where testing's own cleanup
// fails on every folder that holds a file (os.RemoveAll there needs a
// call Wine 8.0 lacks; see package scratch).
func TempDir(t testing.TB) string {
	t.Helper()
	dir, err := scratch.Dir("", "shpack-test-")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		if err := scratch.RemoveAll(dir); err != nil {
			t.Errorf("removing the test's folder: %v", err)
		}
	})
	return dir
}

// InCI reports whether the tests run in CI (the CI variable is set).
func InCI() bool { return os.Getenv("CI") != "" }

// LinuxTool returns the path of name, a program of the Linux machine the
// test runs to check something (checks says what, as "that the rewritten
// HLSL compiles with glslang's HLSL front end"): a tool .ci/run installs
// (glslangValidator, make, ninja, wine, sh for a tool's build script), or
// a path a developer named (VKD3D_COMPILER).
//
// The Windows build's tests run under Wine, where no Linux program can be
// started: there the test skips, saying what it would have checked; the
// Linux run of the same test checks it. Elsewhere a name missing from
// PATH skips the test, unless CI is set, where it fails (.ci/run must
// install it); a missing path fails, since it was asked for.
func LinuxTool(t testing.TB, name, checks string) string {
	t.Helper()
	LinuxOnly(t, name+", a Linux program, which the Windows build's tests cannot start (they run under Wine),", checks)
	p, err := exec.LookPath(name)
	switch {
	case err == nil:
		return p
	case filepath.IsAbs(name):
		t.Fatalf("testenv: %s cannot be run (%v); the test runs it to check %s", name, err, checks)
	case InCI():
		t.Fatalf("testenv: %s is not installed: .ci/run must install it; the test runs it to check %s", name, checks)
	}
	t.Skipf("testenv: %s is not installed (CI unset): not checking %s", name, checks)
	return ""
}

// LinuxOnly skips the test on Windows, where what it needs is missing:
// needs names it ("/dev/full, a Linux device,"), checks says what the
// test checks with it. The Linux run of the same test checks it. Tests
// that run a program call LinuxTool, which calls this.
func LinuxOnly(t testing.TB, needs, checks string) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skipf("skipped on Windows: this test needs %s to check %s; the Linux run of this test checks it", needs, checks)
	}
}

// Symlink makes link a symbolic link to target, for a test of what a link
// does. Where none is made the test skips: Wine 8.0, which runs the
// Windows build's tests, answers CreateSymbolicLink with success and makes
// nothing; the Linux run checks it. (A test that only needs the files
// somewhere else copies them.)
func Symlink(t testing.TB, target, link string) {
	t.Helper()
	if err := os.Symlink(target, link); err != nil {
		t.Fatal(err)
	}
	if _, err := os.Lstat(link); err != nil {
		t.Skipf("skipped: os.Symlink reported a symbolic link %s that is not there (%v), as under Wine, which makes none; the Linux run of this test checks what it does with one", link, err)
	}
}

// Golden compares got with the contents of the golden file at path. With
// update set it writes got to path instead (creating directories), so
// "go test -update" regenerates golden files; review the diff.
func Golden(t testing.TB, path string, got []byte, update bool) {
	t.Helper()
	if update {
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, got, 0o644); err != nil {
			t.Fatal(err)
		}
		return
	}
	want, err := os.ReadFile(path)
	if err != nil {
		t.Fatalf("golden file %s: %v (run with -update to create it)", path, err)
	}
	if string(want) != string(got) {
		t.Errorf("output differs from %s (run with -update to accept):\n--- want\n%s\n--- got\n%s", path, want, got)
	}
}

// Heavy marks a test that runs external tools or walks the real-world
// corpus: -short skips it (the race-detector run in .ci/run is -short; the
// plain run covers these).
func Heavy(t testing.TB) {
	t.Helper()
	if testing.Short() {
		t.Skip("heavy test: skipped with -short")
	}
}

// Sources returns the contents of the shader sources (.fx, .fxh, .hlsl)
// directly in the given directories of the repository, in each
// directory's lexical order: the seeds of the fuzz targets that rewrite.
func Sources(t testing.TB, dirs ...string) [][]byte {
	t.Helper()
	var out [][]byte
	for _, d := range dirs {
		entries, err := os.ReadDir(filepath.Join(Root(t), d))
		if err != nil {
			t.Fatal(err)
		}
		for _, e := range entries {
			switch filepath.Ext(e.Name()) {
			case ".fx", ".fxh", ".hlsl":
			default:
				continue
			}
			src, err := os.ReadFile(filepath.Join(Root(t), d, e.Name()))
			if err != nil {
				t.Fatal(err)
			}
			out = append(out, src)
		}
	}
	return out
}
