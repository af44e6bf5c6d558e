// Package testenv finds what tests need outside their package directory: the
// repository root (the directory holding go.mod) and the shared workspace
// beside it (../shared: the seeds, the real-world corpus and the check
// tools). It is imported by tests only.
package testenv

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/shpack/shpack/internal/scratch"
)

// Root returns the repository root: the nearest directory at or above the
// working directory that holds go.mod.
func Root(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("testenv: no go.mod above the working directory")
		}
		dir = parent
	}
}

// Shared returns the path of a file or directory in ../shared beside the
// repository root. If it does not exist the test is skipped, unless CI is
// set, where a missing shared workspace is a failure.
func Shared(t testing.TB, rel string) string {
	t.Helper()
	p := filepath.Join(Root(t), "..", "shared", rel)
	if _, err := os.Stat(p); err != nil {
		if InCI() {
			t.Fatalf("testenv: %s is missing: %v", p, err)
		}
		t.Skipf("testenv: %s is missing (CI unset): %v", p, err)
	}
	return p
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
