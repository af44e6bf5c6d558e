// Package runtimes draws vs_3_0/ps_3_0 pairs on the real Direct3D 9
// runtimes the tests can run, for tests only: Wine's wined3d (through
// ../shared/tools/d3d9-render-check, OpenGL on Mesa's llvmpipe under Xvfb)
// and MojoShader's OpenGL path, the one FNA3D uses (through
// ../shared/tools/mojoshader-gl-check, EGL on llvmpipe, headless). Both
// take assembly text or bytecode, draw one full-screen triangle into four
// float render targets and compare the centre pixel with up to 16 expected
// values; the two READMEs say what each runtime does with packed
// registers, FOG and COLOR.
//
// With D3D9CHECK_DLL set to a DXVK 2.x d3d9.dll (built outside the
// repository), All also returns DXVK on Wine (lavapipe).
//
// The tools need Debian packages that .ci/run installs: a test skips when
// they are missing and CI is unset, and fails when CI is set. They are
// Linux programs: the Windows build's tests skip every draw
// (testenv.LinuxTool).
package runtimes

import (
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/shpack/shpack/internal/testenv"
)

// A Runtime is one runtime a pair can be drawn on.
type Runtime struct {
	// Name is "wined3d", "mojoshader" or "dxvk2", the names shpack check
	// uses.
	Name string
	tool func(t testing.TB) []string // the command to run, before its arguments
	env  []string
}

// A Result is what one draw reported.
type Result struct {
	Runtime        string
	Pass           bool // every expected value matched
	Matched, Total int
	// Failed is set when the runtime could not draw the pair at all: a
	// program it refused or a link that failed (MojoShader's FOG), with
	// the reason in Output. No value arrives then.
	Failed bool
	// Values are the render targets' centre pixel, rt0.rgba .. rt3.rgba
	// (nil when Failed).
	Values []float64
	Output string
}

// Wine is wined3d: Wine 8.0's Direct3D 9 on OpenGL.
var Wine = Runtime{Name: "wined3d", tool: wineTool}

// MojoGL is MojoShader's OpenGL path (glsl120, the profile FNA3D takes on
// a compatibility context).
var MojoGL = Runtime{Name: "mojoshader", tool: mojoTool}

// DLLEnv names a d3d9.dll (DXVK) for the Wine harness to use instead of
// wined3d.
const DLLEnv = "D3D9CHECK_DLL"

// All returns the runtimes every render test draws on: wined3d and
// MojoShader, and DXVK when D3D9CHECK_DLL names a d3d9.dll.
func All() []Runtime {
	rts := []Runtime{Wine, MojoGL}
	if dll := os.Getenv(DLLEnv); dll != "" {
		rts = append(rts, Runtime{Name: "dxvk2", tool: wineTool, env: []string{DLLEnv + "=" + dll}})
	}
	return rts
}

// wineTool is the render check's run.sh, after checking that Wine and the
// rest are installed.
func wineTool(t testing.TB) []string {
	t.Helper()
	for _, need := range []string{"wine", "x86_64-w64-mingw32-gcc", "xvfb-run"} {
		testenv.LinuxTool(t, need, "what Wine's Direct3D 9 (wined3d) draws with the pair")
	}
	return []string{testenv.Shared(t, "tools/d3d9-render-check/run.sh")}
}

var (
	mojoOnce sync.Once
	mojoBin  string
	mojoErr  error
)

// mojoTool is the MojoShader GL check's binary, built once (build.sh
// caches it outside the repository).
func mojoTool(t testing.TB) []string {
	t.Helper()
	testenv.LinuxTool(t, "sh", "what MojoShader's OpenGL path draws with the pair (sh builds its check)")
	script := testenv.Shared(t, "tools/mojoshader-gl-check/build.sh")
	for _, need := range []string{"/usr/include/mojoshader/mojoshader.h", "/usr/include/EGL/egl.h"} {
		if _, err := os.Stat(need); err != nil {
			missing(t, need, "MojoShader's and EGL's development packages")
		}
	}
	mojoOnce.Do(func() {
		out, err := exec.Command("sh", script).Output()
		if err != nil {
			mojoErr = fmt.Errorf("%s: %v", script, err)
			return
		}
		mojoBin = strings.TrimSpace(string(out))
	})
	if mojoErr != nil {
		t.Fatalf("runtimes: building the MojoShader GL check: %v", mojoErr)
	}
	return []string{mojoBin}
}

func missing(t testing.TB, what, pkgs string) {
	t.Helper()
	if testenv.InCI() {
		t.Fatalf("runtimes: %s is missing: .ci/run must install %s", what, pkgs)
	}
	t.Skipf("runtimes: %s is missing (CI unset): skipping the draw", what)
}

// wineSlots are the work folders of this process's draws (see Draw).
var wineSlots = func() chan int {
	const n = 2
	c := make(chan int, n)
	for i := range n {
		c <- i
	}
	return c
}()

var (
	passLine  = regexp.MustCompile(`(?m)^(PASS|FAIL) \((\d+) of (\d+) values match\)`)
	valueLine = regexp.MustCompile(`(?m)^rt([0-3]): (\S+) (\S+) (\S+) (\S+)$`)
)

// Draw draws one pair (assembly text or bytecode files) and compares the
// render targets with want (at most 16 values; none: only draw). A pair
// the runtime refuses is a Result with Failed set; a harness that cannot
// run at all fails the test.
func (r Runtime) Draw(t testing.TB, vs, ps string, want []float64, args ...string) Result {
	t.Helper()
	tool := r.tool(t)
	cmdline := append(append(append([]string{}, tool[1:]...), args...), vs, ps)
	for _, v := range want {
		cmdline = append(cmdline, strconv.FormatFloat(v, 'g', -1, 64))
	}
	c := exec.Command(tool[0], cmdline...)
	// The harness runs one draw at a time per work folder (they share a
	// Wine prefix): a few folders of this process's own let draws of
	// parallel tests, and of test packages run side by side, overlap.
	// A draw mostly waits (Xvfb, Wine's start and end).
	var work string
	if r.Name != MojoGL.Name {
		slot := <-wineSlots
		defer func() { wineSlots <- slot }()
		work = filepath.Join(os.TempDir(), fmt.Sprintf("shpack-d3d9check-%s-%d", strings.TrimSuffix(filepath.Base(os.Args[0]), ".test"), slot))
		if len(r.env) > 0 {
			work += "-" + r.Name // DXVK gets a Wine prefix of its own
		}
	}
	// Wine draws with its own d3d9.dll: the harness would take DXVK's
	// from the environment (the DXVK runtime sets it in r.env).
	var env []string
	for _, kv := range os.Environ() {
		if !strings.HasPrefix(kv, DLLEnv+"=") {
			env = append(env, kv)
		}
	}
	c.Env = append(append(env, "D3D9CHECK_WORK="+work), r.env...)
	out, err := c.CombinedOutput()
	res := Result{Runtime: r.Name, Output: string(out)}
	code := 0
	if ee, ok := err.(*exec.ExitError); ok {
		code = ee.ExitCode()
	} else if err != nil {
		t.Fatalf("runtimes: %s: %v", r.Name, err)
	}
	for _, m := range valueLine.FindAllStringSubmatch(res.Output, -1) {
		for _, s := range m[2:] {
			v, _ := strconv.ParseFloat(s, 64)
			res.Values = append(res.Values, v)
		}
	}
	if m := passLine.FindStringSubmatch(res.Output); m != nil {
		res.Pass = m[1] == "PASS"
		res.Matched, _ = strconv.Atoi(m[2])
		res.Total, _ = strconv.Atoi(m[3])
		return res
	}
	switch {
	case code == 0 && len(want) == 0:
		res.Pass = true // drawn, nothing to compare
	case code == 2 && r.refused(res.Output):
		res.Failed, res.Total, res.Values = true, len(want), nil
	default:
		t.Fatalf("runtimes: %s could not draw %s and %s (exit %d):\n%s", r.Name, vs, ps, code, out)
	}
	return res
}

// refused reports whether a harness's exit 2 is the runtime refusing the
// pair (a compile or link error of the runtime), not the harness failing.
func (r Runtime) refused(out string) bool {
	for _, s := range []string{"ERROR: MOJOSHADER_glLinkProgram", "ERROR: MOJOSHADER_glCompileShader", "CreateVertexShader", "CreatePixelShader"} {
		if strings.Contains(out, s) {
			return true
		}
	}
	return false
}

// String says what a result is, for messages: "wined3d: PASS 8/8".
func (res Result) String() string {
	switch {
	case res.Failed:
		return res.Runtime + ": refused the pair"
	case res.Pass:
		return fmt.Sprintf("%s: PASS %d/%d", res.Runtime, res.Matched, res.Total)
	}
	return fmt.Sprintf("%s: FAIL %d/%d", res.Runtime, res.Matched, res.Total)
}
