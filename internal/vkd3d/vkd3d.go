// Package vkd3d runs vkd3d-compiler 1.17 (Wine's HLSL compiler) from tests:
// it compiles HLSL to Direct3D 9 bytecode, so tests can show that what
// shpack writes compiles with a real compiler and read back what the
// compiler made of it.
//
// The compiler is not a Debian package and its source may not be kept or
// built by this repository: a developer builds it outside the checkout
// (public repository q4a/vkd3d, commit f732fb78, "Release 1.17.", following
// its own INSTALL) and names the binary in VKD3D_COMPILER. Tests that need
// it skip, saying so, when the variable is unset: in CI too, where the
// proofs run on what Debian ships (Wine, MojoShader, glslang) instead.
package vkd3d

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"testing"

	"github.com/shpack/shpack/internal/testenv"
)

// Env is the variable that names the compiler.
const Env = "VKD3D_COMPILER"

// Path returns the compiler VKD3D_COMPILER names, or "" when it is unset.
func Path() string { return os.Getenv(Env) }

// Tool returns the compiler's path, skipping the test when VKD3D_COMPILER
// is unset and failing it when the variable names a path to no runnable
// file (a developer asked for the compiler and should hear that it is not
// there). The compiler is a Linux program: the Windows build's tests skip
// (testenv.LinuxTool).
func Tool(t testing.TB) string {
	t.Helper()
	p := Path()
	if p == "" {
		t.Skipf("vkd3d: %s is unset: this test compiles HLSL with vkd3d-compiler 1.17, which is not shipped with Debian; build it outside the repository (q4a/vkd3d at f732fb78) and set %s to run it", Env, Env)
	}
	return testenv.LinuxTool(t, p, "that HLSL compiles with vkd3d-compiler 1.17 ("+Env+")")
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
