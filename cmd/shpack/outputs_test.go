package main

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/testenv"
)

// TestOutputsCollide: the outputs of one run may not land on each other
// nor on a file the run reads (an include of its input, also through a
// link or ".."): a usage error, exit 2, and nothing written or lost.
func TestOutputsCollide(t *testing.T) {
	root := testenv.Root(t)
	dir := testenv.TempDir(t)
	header := filepath.Join(dir, "common.fxh")
	const headerSrc = "struct V { float4 p : POSITION; float a : TEXCOORD0; };\n"
	require.NoError(t, os.WriteFile(header, []byte(headerSrc), 0o644))
	fx := filepath.Join(dir, "scene.fx")
	require.NoError(t, os.WriteFile(fx, []byte(`#include "common.fxh"
V VS(float4 p : POSITION) { V o = (V)0; o.p = p; return o; }
float4 PS(V i) : COLOR0 { return i.a; }
technique T { pass P { VertexShader = compile vs_3_0 VS(); PixelShader = compile ps_3_0 PS(); } }
`), 0o644))
	pair := filepath.Join(dir, "pair.hlsl")
	require.NoError(t, os.WriteFile(pair, []byte(`#include "common.fxh"
V VS(float4 p : POSITION) { V o = (V)0; o.p = p; return o; }
float4 PS(V i) : COLOR0 { return i.a; }
`), 0o644))
	require.NoError(t, os.Link(header, filepath.Join(dir, "hard.fxh")))
	require.NoError(t, os.Mkdir(filepath.Join(dir, "sub"), 0o755))
	vs, ps := filepath.Join(root, "corpus", "repack", "macros.vsh"), filepath.Join(root, "corpus", "repack", "macros.psh")
	out := func(name string) string { return filepath.Join(dir, name) }
	tests := []struct {
		name   string
		args   []string
		stderr string
	}{
		{"pack: output and depfile", []string{fx, "-o", out("x.vsh"), "--depfile=" + out("x.vsh")}, "two outputs of this run name the same file"},
		{"rewrite: output and map", []string{"rewrite", "--all", fx, "-o", out("o.fx"), "--svg=" + out("o.fx")}, "two outputs of this run name the same file"},
		{"repack: both programs", []string{"repack", "--vs-out=" + out("q"), "--ps-out=" + out("q"), vs, ps}, "two outputs of this run name the same file"},
		{"repack: a program and the map", []string{"repack", "--vs-out=" + out("q"), "--ps-out=" + out("q2"), "--svg=" + out("q"), vs, ps}, "two outputs of this run name the same file"},
		{"link: both programs through ..", []string{"link", "--vs-entry=VS", "--ps-entry=PS", "--vs-out=" + out("f"), "--ps-out=" + dir + "/sub/../f", pair}, "two outputs of this run name the same file"},
		{"rewrite onto the include", []string{"rewrite", "--all", fx, "-o", header}, "which it reads (an include of its input)"},
		{"rewrite onto the include through a link", []string{"rewrite", "--all", fx, "-o", out("link.fxh")}, "which it reads"},
		{"rewrite onto the include through a hard link", []string{"rewrite", "--all", fx, "-o", out("hard.fxh")}, "which it reads"},
		{"pack onto the include", []string{fx, "-o", header}, "which it reads"},
		{"link onto the include", []string{"link", "--vs-entry=VS", "--ps-entry=PS", "--vs-out=" + header, "--ps-out=" + out("p.psh"), pair}, "which it reads"},
		{"depfile onto the include", []string{fx, "-o", out("y.vsh"), "--depfile=" + dir + "/sub/../common.fxh"}, "which it reads"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			if strings.HasSuffix(tc.name, "through a link") {
				testenv.Symlink(t, header, out("link.fxh"))
			}
			code, stdout, stderr := shpackRun(tc.args...)
			assert.Equal(t, exitUsage, code, stderr)
			assert.Contains(t, stderr, tc.stderr)
			assert.Empty(t, stdout)
			got, err := os.ReadFile(header)
			require.NoError(t, err)
			assert.Equal(t, headerSrc, string(got), "the include is as it was")
			for _, f := range []string{"x.vsh", "o.fx", "q", "q2", "f", "p.psh", "y.vsh"} {
				assert.NoFileExists(t, out(f))
			}
		})
	}
}

// TestDepfileSpecialPaths: paths with ':' (an include "g:h.fxh", an output
// "o:ut.vsh") are escaped so that GNU Make reads the rule (unescaped it
// stops: "target pattern contains no '%'") and rebuilds when the header
// changes; a path with a tab or a line break, which no build tool reads,
// is an error that writes nothing.
func TestDepfileSpecialPaths(t *testing.T) {
	testenv.Heavy(t)
	testenv.LinuxTool(t, "make", "that GNU Make reads depfiles with ':' in their paths")
	self := buildShpack(t)
	dir := testenv.TempDir(t)
	write := func(name, text string) {
		require.NoError(t, os.WriteFile(filepath.Join(dir, name), []byte(text), 0o644))
	}
	write("g:h.fxh", "struct V { float4 p : POSITION; float2 uv : TEXCOORD0; };\n")
	write("in.hlsl", "#include \"g:h.fxh\"\n")
	write("Makefile", "all: o\\:ut.vsh\no\\:ut.vsh: in.hlsl\n\t"+self+" --touch -o 'o:ut.vsh' --depfile=out.d in.hlsl\n-include out.d\n")
	make := func() string {
		cmd := exec.Command("make")
		cmd.Dir = dir
		out, err := cmd.CombinedOutput()
		require.NoError(t, err, "%s", out)
		return string(out)
	}
	assert.Contains(t, make(), "--depfile=out.d", "the first make builds")
	d, err := os.ReadFile(filepath.Join(dir, "out.d"))
	require.NoError(t, err)
	assert.Equal(t, "o\\:ut.vsh: \\\n  in.hlsl \\\n  g\\:h.fxh\n\ng\\:h.fxh:\n", string(d))
	assert.Contains(t, make(), "Nothing to be done", "the second does nothing")
	future := time.Now().Add(2 * time.Second)
	require.NoError(t, os.Chtimes(filepath.Join(dir, "g:h.fxh"), future, future))
	assert.Contains(t, make(), "--depfile=out.d", "a changed header rebuilds")

	write("t\tab.fxh", "struct V { float4 p : POSITION; };\n")
	write("tab.hlsl", "#include \"t\tab.fxh\"\n")
	t.Chdir(dir)
	code, _, stderr := shpackRun("-o", "tab.vsh", "--depfile=tab.d", "tab.hlsl")
	assert.Equal(t, exitInput, code)
	assert.Contains(t, stderr, "tab.d: error: cannot write a dependency file: the path \"t\\tab.fxh\" holds a tab or a line break")
	assert.NoFileExists(t, filepath.Join(dir, "tab.vsh"))
	assert.NoFileExists(t, filepath.Join(dir, "tab.d"))
}

// TestDashIsStdout: an output named "-" goes to standard output, for every
// command and output flag that writes a file (issue 26), and no file named
// "-" appears; two outputs to standard output, or one a depfile would
// name, are usage errors.
func TestDashIsStdout(t *testing.T) {
	root := testenv.Root(t)
	dir := testenv.TempDir(t)
	t.Chdir(dir)
	lit := filepath.Join(root, "corpus", "variants", "lit.hlsl")
	vsh, psh := filepath.Join(root, "corpus", "repack", "macros.vsh"), filepath.Join(root, "corpus", "repack", "macros.psh")
	fx := filepath.Join(root, "corpus", "rewrite", "sdk_effect_out_params.fx")
	for _, c := range []struct {
		args []string
		want string // on stdout
	}{
		{[]string{"-o", "-", "--entry=VS", lit}, "vs_3_0"},
		{[]string{"rewrite", "-o", "-", fx}, "SceneVS_Packed"},
		{[]string{"link", "--vs-out=-", "--ps-out=ps.psh", "--vs-entry=VS", "--ps-entry=PS", lit}, "dcl_position o0"},
		{[]string{"repack", "--vs-out=-", "--ps-out=ps2.psh", vsh, psh}, "vs_3_0"},
		{[]string{"--layout-out=-", "-o", "x.vsh", "--entry=VS", lit}, `"schema": "shpack.interface/1"`},
		{[]string{"rewrite", "--layout-out=-", "-o", "y.fx", fx}, `"schema": "shpack.interface/1"`},
		{[]string{"repack", "--layout-out=-", "--vs-out=v.vsh", "--ps-out=p.psh", vsh, psh}, `"schema": "shpack.interface/1"`},
		{[]string{"rewrite", "--svg=-", "-o", "z.fx", fx}, "<svg"},
	} {
		code, stdout, stderr := shpackRun(c.args...)
		assert.Equal(t, exitOK, code, "%v: %s", c.args, stderr)
		assert.Contains(t, stdout, c.want, "%v", c.args)
	}
	assert.NoFileExists(t, "-")
	for _, args := range [][]string{
		{"link", "--vs-out=-", "--ps-out=-", "--vs-entry=VS", "--ps-entry=PS", lit},
		{"repack", "--vs-out=-", "--ps-out=p.psh", "--depfile=p.d", vsh, psh},
	} {
		code, _, stderr := shpackRun(args...)
		assert.Equal(t, exitUsage, code, "%v: %s", args, stderr)
	}
	assert.NoFileExists(t, "-")
}
