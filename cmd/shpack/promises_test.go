package main

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/testenv"
)

// TestRepackStageOutput: repack of one stage with --layout writes its
// program to --vs-out or to standard output, not to both (the program
// was printed on stdout too, as bytecode with --format=cso).
func TestRepackStageOutput(t *testing.T) {
	dir := testenv.TempDir(t)
	vs, ps := filepath.Join(testenv.Root(t), "corpus", "repack", "split.vsh"), filepath.Join(testenv.Root(t), "corpus", "repack", "split.psh")
	layout := filepath.Join(dir, "split.layout")
	code, _, stderr := shpackRun("repack", "--layout-out="+layout, "--vs-out="+filepath.Join(dir, "a.vsh"), "--ps-out="+filepath.Join(dir, "a.psh"), vs, ps)
	require.Equal(t, exitOK, code, stderr)
	for _, format := range []string{"asm", "cso"} {
		t.Run(format, func(t *testing.T) {
			out := filepath.Join(dir, "one."+format)
			code, stdout, stderr := shpackRun("repack", "--layout="+layout, "--format="+format, "--vs-out="+out, vs)
			require.Equal(t, exitOK, code, stderr)
			assert.Empty(t, stdout, "the program goes to --vs-out only")
			assert.NotEmpty(t, got0(t, out))
		})
	}
	code, stdout, stderr := shpackRun("repack", "--layout="+layout, vs)
	require.Equal(t, exitOK, code, stderr)
	assert.True(t, strings.HasPrefix(stdout, "vs_3_0\n"), "without --vs-out, on standard output")
}

// TestProgramProfilePositioned: a program of the wrong profile is named at
// its version line, in check and in repack.
func TestProgramProfilePositioned(t *testing.T) {
	dir := testenv.TempDir(t)
	vs := filepath.Join(dir, "v.vsh")
	require.NoError(t, os.WriteFile(vs, []byte("// a listing\n    ps_3_0\nmov oC0, c0\n"), 0o644))
	code, _, stderr := shpackRun("check", "--diagnostics-format=plain", vs)
	assert.Equal(t, exitInput, code)
	assert.Contains(t, stderr, vs+":2:5: error: the vertex shader is ps_3_0: check reads vs_3_0")
	bad := filepath.Join(dir, "b.vsh")
	require.NoError(t, os.WriteFile(bad, []byte("ps_3_3\nmov oC0, c0\n"), 0o644))
	code, _, stderr = shpackRun("check", "--diagnostics-format=plain", bad)
	assert.Equal(t, exitInput, code)
	assert.Contains(t, stderr, bad+`:1:1: error: unknown version "ps_3_3"`)
}

// TestVariantsFileDefinitions: a definition the preprocessor cannot read
// is an error in the variants file, at its column (it was one at
// <command-line>), and a variants file with a byte order mark and CR line
// ends reads.
func TestVariantsFileDefinitions(t *testing.T) {
	t.Chdir(testenv.TempDir(t))
	require.NoError(t, os.WriteFile("s.hlsl", []byte("struct S { float4 p : POSITION; float2 a : TEXCOORD0;\n#ifdef WITHFOG\nfloat f : FOG;\n#endif\n};\n"), 0o644))
	require.NoError(t, os.WriteFile("bad.variants", []byte("base:\nfog: -DWITHFOG -D=1\n"), 0o644))
	code, _, stderr := shpackRun("--struct=S", "--variants=bad.variants", "--diagnostics-format=plain", "s.hlsl")
	assert.Equal(t, exitInput, code)
	assert.Equal(t, `bad.variants:2:18: error: variant fog: -D=1: "" is not a macro name (a definition is -DNAME or -DNAME=VALUE)`, strings.SplitN(stderr, "\n", 2)[0])
	require.NoError(t, os.WriteFile("cr.variants", []byte("\xEF\xBB\xBFbase:\rfog: -DWITHFOG\r"), 0o644))
	code, stdout, stderr := shpackRun("--struct=S", "--variants=cr.variants", "s.hlsl")
	assert.Equal(t, exitOK, code, stderr)
	assert.Contains(t, stdout, "// variant fog:")
}

// TestCompareOddNames: compare's table keeps a row per result and its
// columns for a file whose name holds a tab or a newline: the name is
// quoted.
func TestCompareOddNames(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("Windows file names hold no tab or newline")
	}
	dir := testenv.TempDir(t)
	name := filepath.Join(dir, "odd\tname\n.hlsl")
	require.NoError(t, os.WriteFile(name, []byte("struct S { float4 p : POSITION; float2 a : TEXCOORD0; };\n"), 0o644))
	code, stdout, stderr := shpackRun("compare", "--strategies=optimal", name)
	require.Equal(t, exitOK, code, stderr)
	lines := strings.Split(stdout, "\n")
	require.GreaterOrEqual(t, len(lines), 3)
	assert.Len(t, strings.Fields(lines[1]), 10, "one row of ten columns: %q", lines[1])
	assert.Contains(t, lines[1], `odd\tname\n.hlsl"`)
	assert.Equal(t, "", lines[2])
}

// TestLinkEntryPositioned: a vertex entry that returns no struct, for a
// link that derives the pixel inputs from it, is named where it is (the
// adversarial pass found the file only).
func TestLinkEntryPositioned(t *testing.T) {
	dir := testenv.TempDir(t)
	src := filepath.Join(dir, "v.hlsl")
	require.NoError(t, os.WriteFile(src, []byte("// a vertex shader\nfloat4 VS(float4 p : POSITION, out float2 uv : TEXCOORD0) : POSITION { uv = p.xy; return p; }\n"), 0o644))
	code, _, stderr := shpackRun("link", "--diagnostics-format=plain", src)
	assert.Equal(t, exitInput, code)
	assert.Equal(t, src+":2:1: error: the vertex entry VS does not return a struct: name the pixel inputs (--ps-struct=NAME or --ps-entry=NAME)", strings.SplitN(stderr, "\n", 2)[0])
}
