package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strings"
	"sync"
	"testing"

	"github.com/rogpeppe/go-internal/txtar"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/internal/testenv"
	"github.com/shpack/shpack/internal/vkd3d"
)

// writeWindowsProject writes testdata/winproject/project.txtar into dir
// as a Windows editor saves it: a byte-order mark and CRLF line ends.
func writeWindowsProject(t *testing.T, dir string) {
	t.Helper()
	a, err := txtar.ParseFile(filepath.Join(testenv.Root(t), "cmd", "shpack", "testdata", "winproject", "project.txtar"))
	require.NoError(t, err)
	for _, f := range a.Files {
		p := filepath.Join(dir, filepath.FromSlash(f.Name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		data := append([]byte(bom), crlf(f.Data)...)
		require.NoError(t, os.WriteFile(p, data, 0o644))
	}
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "Build"), 0o755))
}

// windowsShpack builds shpack.exe from the repository at root, once per
// test binary (off Windows).
func windowsShpack(root string) (string, error) {
	winExe.once.Do(func() {
		dir, err := os.MkdirTemp("", "shpack-exe-")
		if err != nil {
			winExe.err = err
			return
		}
		exe := filepath.Join(dir, "shpack.exe")
		cmd := exec.Command("go", "build", "-o", exe, "./cmd/shpack")
		cmd.Dir = root
		cmd.Env = append(os.Environ(), "GOOS=windows", "GOARCH=amd64", "CGO_ENABLED=0")
		if out, err := cmd.CombinedOutput(); err != nil {
			winExe.err = fmt.Errorf("go build for windows: %v\n%s", err, out)
			return
		}
		winExe.path = exe
	})
	return winExe.path, winExe.err
}

var winExe struct {
	once sync.Once
	path string
	err  error
}

// TestWindowsProject: a project saved on Windows (see project.txtar) is
// rewritten into a build folder with a depfile, by shpack.exe under Wine
// and by this platform's build, with the same result: the output keeps
// the mark and CRLF throughout, has no doubled CR, includes its headers
// from the build folder, and compiles (glslang on what shpack's
// preprocessor reads of it; vkd3d 1.17 through shpack fxc where
// VKD3D_COMPILER is set, into a pair shpack check passes). Under Wine the
// test binary is itself the Windows build, and runs it in-process; both
// compare with the same golden file.
func TestWindowsProject(t *testing.T) {
	root := testenv.Root(t)
	golden := filepath.Join(root, "cmd", "shpack", "testdata", "winproject", "Water.rewritten.fx")
	dir := testenv.TempDir(t)
	writeWindowsProject(t, dir)
	t.Chdir(dir)
	args := []string{"rewrite", "--depfile=Build/Water.d", "-o", "Build/Water.fx", "Shaders/Water.fx"}
	code, stdout, stderr := shpackRun(args...)
	require.Equal(t, exitOK, code, stderr)
	assert.Empty(t, stdout)
	assert.Equal(t, "Shaders/WaterVS.FXH:2:1: note: WaterVS: 12 outputs packed into 6 general registers (one register per semantic: 11)\n", stderr)
	out, err := os.ReadFile(filepath.Join("Build", "Water.fx"))
	require.NoError(t, err)
	testenv.Golden(t, golden, out, *update)

	assert.True(t, bytes.HasPrefix(out, []byte(bom)), "the byte-order mark stays first")
	assert.NotContains(t, string(out), "\r\r", "no doubled CR")
	assert.Zero(t, bytes.Count(out, []byte("\n"))-bytes.Count(out, []byte("\r\n")), "every line ends with CRLF")
	for _, want := range []string{`#include "..\Common\Lighting.fxh"`, `#include "../Shaders/WaterVS.fxh"`} {
		assert.Contains(t, string(out), want+"\r\n", "the includes, from the build folder, as the disk spells them, with the user's separators ('/' where the user typed none)")
	}
	dep, err := os.ReadFile(filepath.Join("Build", "Water.d"))
	require.NoError(t, err)
	assert.Equal(t, 1, strings.Count(strings.ToLower(string(dep)), "lighting.fxh \\"), "the header reached through two spellings is one dependency:\n%s", dep)
	assert.Contains(t, string(dep), "Build/Water.fx:")

	// On Windows, backslashes on the command line, as cmd.exe users type
	// them: the same text, the #line directives naming the files as typed.
	if runtime.GOOS == "windows" {
		code, _, stderr = shpackRun("rewrite", `--depfile=Build\Water2.d`, "-o", `Build\Water2.fx`, `Shaders\Water.fx`)
		require.Equal(t, exitOK, code, stderr)
		out2, err := os.ReadFile(filepath.Join("Build", "Water2.fx"))
		require.NoError(t, err)
		want := strings.NewReplacer(`"Shaders/Water.fx"`, `"Shaders\\Water.fx"`, `"Shaders/WaterVS.FXH"`, `"Shaders\\WaterVS.FXH"`).Replace(string(out))
		assert.Equal(t, want, string(out2))
	}

	// What the compilers read: shpack's preprocessor follows the build's
	// rule for the includes (backslashes, letter case), and glslang's HLSL
	// front end compiles both stages of what it reads.
	t.Run("glslang", func(t *testing.T) {
		tool := glslangTool(t)
		u, errs := hlsl.Preprocess(filepath.Join("Build", "Water.fx"), out, nil)
		require.Empty(t, errs)
		text := filepath.Join(testenv.TempDir(t), "water.hlsl")
		require.NoError(t, os.WriteFile(text, []byte(glslangReady(tokensText(u.Tokens))), 0o644))
		for _, s := range []struct{ entry, stage string }{{"WaterVS", "vert"}, {"WaterPS", "frag"}} {
			got, err := exec.Command(tool, "-V", "-D", "--hlsl-dx9-compatible", "-S", s.stage, "-e", s.entry, "-o", os.DevNull, text).CombinedOutput()
			assert.NoError(t, err, "glslang -e %s: %s", s.entry, got)
		}
	})
	t.Run("vkd3d", func(t *testing.T) {
		compiler := vkd3d.Tool(t)
		for _, s := range []struct{ entry, profile, obj string }{{"WaterVS", "vs_3_0", "Build/water.vso"}, {"WaterPS", "ps_3_0", "Build/water.pso"}} {
			code, _, stderr := shpackRun("fxc", "--compiler="+compiler, "/nologo", "/T", s.profile, "/E", s.entry, "/Fo", s.obj, "Build/Water.fx")
			require.Equal(t, exitOK, code, stderr)
		}
		assert.Empty(t, checkFiles(t, "Build/water.vso", "Build/water.pso").Problems, "shpack check on the compiled pair")
	})

	// shpack.exe, under Wine, from the same project: the same output.
	t.Run("shpack.exe", func(t *testing.T) {
		if runtime.GOOS == "windows" {
			t.Skip("this run is the Windows build: the rewrite above was shpack.exe's")
		}
		testenv.LinuxTool(t, "wine", "shpack.exe's rewrite of a Windows project under Wine")
		wineGo := testenv.Shared(t, "tools/wine-go/go-wine-exec")
		exe, err := windowsShpack(root)
		require.NoError(t, err)
		wdir := testenv.TempDir(t)
		writeWindowsProject(t, wdir)
		cmd := exec.Command(wineGo, append([]string{exe}, args...)...)
		cmd.Dir = wdir
		got, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s", got)
		assert.Equal(t, wineText(got), "Shaders/WaterVS.FXH:2:1: note: WaterVS: 12 outputs packed into 6 general registers (one register per semantic: 11)\n")
		wout, err := os.ReadFile(filepath.Join(wdir, "Build", "Water.fx"))
		require.NoError(t, err)
		assert.Equal(t, string(out), string(wout), "shpack.exe writes what this build writes")
		wdep, err := os.ReadFile(filepath.Join(wdir, "Build", "Water.d"))
		require.NoError(t, err)
		assert.Equal(t, 1, strings.Count(strings.ToLower(string(wdep)), "lighting.fxh \\"), "one dependency for the header under Wine too:\n%s", wdep)
	})
}

// wineText is what a Windows program printed under Wine, its CRLF line
// ends made LF.
func wineText(b []byte) string { return strings.ReplaceAll(string(b), "\r\n", "\n") }

// tokensText prints preprocessed tokens as text: a line break where a
// line began, a blank where one stood.
func tokensText(toks []hlsl.Token) string {
	var b strings.Builder
	for _, t := range toks {
		switch {
		case t.Kind == hlsl.TokEOF:
			continue
		case t.BOL:
			b.WriteByte('\n')
		case t.Space:
			b.WriteByte(' ')
		}
		b.WriteString(t.Text)
	}
	return b.String()
}
