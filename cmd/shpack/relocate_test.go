package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/testenv"
)

// A project laid out as engines lay theirs out: the shader beside its
// headers, some in sub-folders (spelled with backslashes, or in another
// letter case than the disk's), some found through -I (quoted, and in
// angle brackets), one included only in a permutation; rewritten into a
// build folder.
var relocateProject = map[string]string{
	"src/shader.hlsl": `#include "common.fxh"
#include "sub\detail.fxh"
#include "Lib/Case.FXH"
#include "fromi.fxh"
#ifdef NEVER
#include "perm.fxh"
#endif
void VS(float4 p : POSITION, out float4 oP : POSITION, out float a : TEXCOORD0, out float b : TEXCOORD1,
        out float c : TEXCOORD2, out float d : TEXCOORD3, out float e : TEXCOORD4, out float f : TEXCOORD5,
        out float g : TEXCOORD6, out float h : TEXCOORD7, out float i : TEXCOORD8, out float j : TEXCOORD9,
        out float k : COLOR0)
{
    oP = p; a = A; b = B; c = C; d = D; e = 5; f = 6; g = 7; h = 8; i = 9; j = 10; k = 11;
}
float4 PS(float a : TEXCOORD0, float j : TEXCOORD9) : COLOR0 { return a + j; }
`,
	"src/common.fxh":     "#define A 1\n",
	"src/sub/detail.fxh": "#define B 2\n",
	"src/lib/case.fxh":   "#define C 3\n",
	"src/perm.fxh":       "#error never included\n",
	"inc/fromi.fxh":      "#define D 4\n",
	"inc/angle.fxh":      "#define E 5\n",
	"src/fits.hlsl":      "#include \"common.fxh\"\n#include <angle.fxh>\nfloat4 VS(float4 p : POSITION) : POSITION { return p * A * E; }\n",
}

func writeProject(t *testing.T, dir string, files map[string]string) {
	t.Helper()
	for name, text := range files {
		p := filepath.Join(dir, filepath.FromSlash(name))
		require.NoError(t, os.MkdirAll(filepath.Dir(p), 0o755))
		require.NoError(t, os.WriteFile(p, []byte(text), 0o644))
	}
}

// TestRewriteIntoBuildFolder: an output written into another folder names
// the includes its source finds beside itself from there, spelled as the
// user spelled them, so that it compiles from where it is with the flags
// the original needed (-I inc); includes found through -I, and files
// written beside their sources, keep their names.
func TestRewriteIntoBuildFolder(t *testing.T) {
	dir := testenv.TempDir(t)
	writeProject(t, dir, relocateProject)
	require.NoError(t, os.MkdirAll(filepath.Join(dir, "build", "out"), 0o755))
	t.Chdir(dir)
	code, _, stderr := shpackRun("rewrite", "--vs-entry=VS", "--ps-entry=PS", "-I", "inc", "-o", "build/out/shader.hlsl", "src/shader.hlsl")
	require.Equal(t, exitOK, code, stderr)
	out, err := os.ReadFile(filepath.Join("build", "out", "shader.hlsl"))
	require.NoError(t, err)
	for _, want := range []string{
		`#include "../../src/common.fxh"`,
		`#include "..\..\src\sub\detail.fxh"`,
		`#include "../../src/lib/case.fxh"`,
		`#include "fromi.fxh"`,
		`#include "../../src/perm.fxh"`,
	} {
		assert.Contains(t, string(out), want+"\n")
	}
	assert.Contains(t, string(out), "VS_Packed VS(", "the vertex shader was packed")

	// From its own folder, with the original's flags, the output reads.
	code, _, stderr = shpackRun("list", "-I", "inc", "build/out/shader.hlsl")
	assert.Equal(t, exitOK, code, stderr)

	// A file with nothing to pack, into a folder: its includes too.
	code, _, stderr = shpackRun("rewrite", "-I", "inc", "--out-dir=build", "src/fits.hlsl")
	require.Equal(t, exitOK, code, stderr)
	fits, err := os.ReadFile(filepath.Join("build", "fits.hlsl"))
	require.NoError(t, err)
	assert.Equal(t, strings.Replace(relocateProject["src/fits.hlsl"], `"common.fxh"`, `"../src/common.fxh"`, 1), string(fits))
	code, _, stderr = shpackRun("list", "-I", "inc", "build/fits.hlsl")
	assert.Equal(t, exitOK, code, stderr)

	// Beside its source, or on stdout, nothing moves.
	code, stdout, stderr := shpackRun("rewrite", "--vs-entry=VS", "--ps-entry=PS", "-I", "inc", "src/shader.hlsl")
	require.Equal(t, exitOK, code, stderr)
	assert.Contains(t, stdout, "#include \"common.fxh\"\n#include \"sub\\detail.fxh\"\n#include \"Lib/Case.FXH\"\n")
	code, _, stderr = shpackRun("rewrite", "--vs-entry=VS", "--ps-entry=PS", "-I", "inc", "-o", "src/packed.hlsl", "src/shader.hlsl")
	require.Equal(t, exitOK, code, stderr)
	beside, err := os.ReadFile(filepath.Join("src", "packed.hlsl"))
	require.NoError(t, err)
	assert.Equal(t, stdout, string(beside))

	// glslang compiles both stages from the build folder, where the
	// includes are found from the file's own folder and -I inc.
	tool := glslangTool(t)
	for _, stage := range []struct{ entry, stage string }{{"VS", "vert"}, {"PS", "frag"}} {
		cmd := exec.Command(tool, "-V", "-D", "--hlsl-dx9-compatible", "-S", stage.stage, "-e", stage.entry, "-o", os.DevNull, "-I"+filepath.Join(dir, "inc"), filepath.Join(dir, "build", "out", "shader.hlsl"))
		cmd.Dir = filepath.Join(dir, "build")
		got, err := cmd.CombinedOutput()
		assert.NoError(t, err, "glslang %s: %s", stage.entry, got)
	}
}
