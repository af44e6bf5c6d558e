// Package asmcheck runs the independent Direct3D 9 assembler check
// (../shared/tools/d3dasm-check, built on Debian's MojoShader) from tests:
// it assembles shader text and returns the declarations read back from the
// bytecode, so tests can compare them with what shpack meant to emit.
//
// The tool needs libmojoshader-dev, which .ci/run installs. Tests skip when
// the library is absent and CI is unset, and fail when CI is set: the package
// never installs anything itself, since parallel test processes would race.
// The tool is a Linux program: the Windows build's tests skip the check
// (testenv.LinuxTool).
package asmcheck

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/shpack/shpack/internal/testenv"
)

// header is the file whose presence says libmojoshader-dev is installed.
const header = "/usr/include/mojoshader/mojoshader.h"

// A Decl is one declaration found in the assembled bytecode.
type Decl struct {
	Dir      string // "in" or "out"
	Reg      string // "o3", "v0", "t1", "vPos"
	Mask     string // always spelled out: "xyzw"
	Usage    string // assembly spelling ("texcoord"); "" for declarations without a semantic
	Index    int
	Centroid bool
	PP       bool
}

// String prints the declaration as the tool does.
func (d Decl) String() string {
	s := d.Dir + " " + d.Reg + " " + d.Mask
	if d.Usage != "" {
		s += " " + d.Usage + " " + strconv.Itoa(d.Index)
	}
	if d.Centroid {
		s += " centroid"
	}
	if d.PP {
		s += " pp"
	}
	return s
}

// A Report is what the tool read back: the profile and the declarations of
// inputs and outputs (samplers are left out).
type Report struct {
	Profile string
	Decls   []Decl
}

var (
	buildOnce sync.Once
	toolPath  string
	buildErr  error
)

// Tool returns the path of the built check tool, building it once per test
// process into a temporary directory.
func Tool(t testing.TB) string {
	t.Helper()
	testenv.LinuxTool(t, "sh", "the assembly shpack writes with MojoShader's assembler (sh builds d3dasm-check)")
	script := testenv.Shared(t, "tools/d3dasm-check/build.sh")
	if _, err := os.Stat(header); err != nil {
		if testenv.InCI() {
			t.Fatalf("asmcheck: %s missing: .ci/run must install libmojoshader-dev", header)
		}
		t.Skipf("asmcheck: libmojoshader-dev is not installed (CI unset); skipping the assembler check")
	}
	buildOnce.Do(func() {
		out := filepath.Join(os.TempDir(), "shpack-d3dasm-check", "d3dasm-check")
		cmd := exec.Command("sh", script, out)
		var stderr bytes.Buffer
		cmd.Stderr = &stderr
		stdout, err := cmd.Output()
		if err != nil {
			buildErr = fmt.Errorf("build.sh: %v\n%s", err, stderr.String())
			return
		}
		toolPath = strings.TrimSpace(string(stdout))
	})
	if buildErr != nil {
		t.Fatalf("asmcheck: %v", buildErr)
	}
	return toolPath
}

// Check assembles asm and returns the report. A program the assembler
// rejects is an error holding the tool's messages.
func Check(t testing.TB, asm string, flags ...string) (*Report, error) {
	t.Helper()
	tool := Tool(t)
	args := append(append([]string{}, flags...), "-")
	cmd := exec.Command(tool, args...)
	cmd.Stdin = strings.NewReader(asm)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("d3dasm-check rejected the program (%v):\n%s%s", err, stderr.String(), stdout.String())
	}
	return Parse(stdout.String())
}

// CheckFile reads a file of assembly or compiled bytecode (.cso: the tool
// tells them apart by the version token) and returns the report.
func CheckFile(t testing.TB, path string) (*Report, error) {
	t.Helper()
	cmd := exec.Command(Tool(t), path)
	var stdout, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	if err := cmd.Run(); err != nil {
		return nil, fmt.Errorf("d3dasm-check rejected %s (%v):\n%s%s", path, err, stderr.String(), stdout.String())
	}
	return Parse(stdout.String())
}

// Parse reads the tool's report format.
func Parse(report string) (*Report, error) {
	lines := strings.Split(strings.TrimRight(report, "\n"), "\n")
	first, ok := strings.CutPrefix(lines[0], "ok ")
	if !ok {
		return nil, fmt.Errorf("unexpected report header %q", lines[0])
	}
	r := &Report{Profile: first}
	for _, ln := range lines[1:] {
		f := strings.Fields(ln)
		if len(f) == 0 || f[0] == "sampler" {
			continue
		}
		if len(f) < 3 || f[0] != "in" && f[0] != "out" {
			return nil, fmt.Errorf("unexpected report line %q", ln)
		}
		d := Decl{Dir: f[0], Reg: f[1], Mask: f[2]}
		rest := f[3:]
		if len(rest) >= 2 {
			if n, err := strconv.Atoi(rest[1]); err == nil {
				d.Usage, d.Index = rest[0], n
				rest = rest[2:]
			}
		}
		for _, m := range rest {
			switch m {
			case "centroid":
				d.Centroid = true
			case "pp":
				d.PP = true
			default:
				return nil, fmt.Errorf("unexpected modifier %q in %q", m, ln)
			}
		}
		r.Decls = append(r.Decls, d)
	}
	return r, nil
}
