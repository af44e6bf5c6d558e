// Package vkd3d runs vkd3d-compiler 1.17 (Wine's HLSL compiler, built by
// ../shared/tools/vkd3d-compiler/build.sh) from tests: it compiles HLSL to
// Direct3D 9 bytecode, so tests can show that what shpack writes compiles
// with a real compiler and read back what the compiler made of it.
//
// The compiler takes minutes to build and needs Debian packages, so tests
// never build it: .ci/run does, once per machine. Tests skip when it is
// absent and CI is unset, and fail when CI is set.
package vkd3d

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shpack/shpack/internal/testenv"
)

// Path returns where build.sh installs the compiler: the same rule as the
// script's (VKD3D_CACHE, else XDG_CACHE_HOME or ~/.cache, + shpack-tools).
func Path() string {
	cache := os.Getenv("VKD3D_CACHE")
	if cache == "" {
		base := os.Getenv("XDG_CACHE_HOME")
		if base == "" {
			home, _ := os.UserHomeDir()
			base = filepath.Join(home, ".cache")
		}
		cache = filepath.Join(base, "shpack-tools")
	}
	return filepath.Join(cache, "vkd3d-1.17", "bin", "vkd3d-compiler")
}

// Tool returns the compiler's path, skipping the test (CI unset) or
// failing it (CI set) when it has not been built.
func Tool(t testing.TB) string {
	t.Helper()
	testenv.Shared(t, "tools/vkd3d-compiler/build.sh")
	p := Path()
	if _, err := os.Stat(p); err != nil {
		if testenv.InCI() {
			t.Fatalf("vkd3d: %s is missing: .ci/run must build it (../shared/tools/vkd3d-compiler/build.sh)", p)
		}
		t.Skipf("vkd3d: %s is not built (CI unset): run ../shared/tools/vkd3d-compiler/build.sh", p)
	}
	return p
}

// Compile compiles entry of file for profile into bytecode at out. The
// compiler opens includes relative to its working directory, so it runs in
// dir (file and out are relative to it, or absolute). Messages the
// compiler prints but that do not fail it (its "fixme" lines) are
// returned; a failed compile is an error with the compiler's output.
func Compile(t testing.TB, dir, file, entry, profile, out string) (string, error) {
	t.Helper()
	cmd := exec.Command(Tool(t), "-x", "hlsl", "-p", profile, "-b", "d3dbc", "-e", entry, "-o", out, file)
	cmd.Dir = dir
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	if err := cmd.Run(); err != nil {
		return "", fmt.Errorf("vkd3d-compiler -p %s -e %s %s: %v\n%s", profile, entry, file, err, stderr.String())
	}
	var notes []string
	for _, ln := range strings.Split(stderr.String(), "\n") {
		if ln != "" && !strings.Contains(ln, "fixme:preproc_yyparse #line directive") {
			notes = append(notes, ln)
		}
	}
	return strings.Join(notes, "\n"), nil
}
