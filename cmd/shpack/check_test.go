package main

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/d3d9"
	"github.com/shpack/shpack/internal/testenv"
)

// checkPair names a pair of check/testdata/pairs relative to the
// repository root (the tests run there, so messages name the files so).
func checkPair(name string) (vs, ps string) {
	base := filepath.Join("check", "testdata", "pairs", name)
	return base + ".vs.asm", base + ".ps.asm"
}

// TestCheckCommand runs shpack check end to end: exit codes, what goes to
// stdout and stderr.
func TestCheckCommand(t *testing.T) {
	t.Chdir(testenv.Root(t))
	firstVS, firstPS := checkPair("packed_reads_first")
	r32VS, r32PS := checkPair("r32")
	portVS, portPS := checkPair("portable")
	tests := []struct {
		name           string
		args           []string
		code           int
		stdout, stderr string // exact; "*" followed by text: contains
	}{
		{"every runtime reads every value", []string{portVS, portPS}, exitOK,
			"wined3d: every value the pixel shader reads arrives\n" +
				"mojoshader: every value the pixel shader reads arrives\n" +
				"dxvk2: every value the pixel shader reads arrives\n" +
				"dxvk3: every value the pixel shader reads arrives\n", ""},
		{"lost values are not errors", []string{firstVS, firstPS}, exitOK,
			"wined3d: 2 values lost\n" +
				"  TEXCOORD0.xy: wined3d keeps only v0's last dcl, TEXCOORD1: this reads 0\n" +
				"mojoshader: every value the pixel shader reads arrives\n" +
				"dxvk2: 2 values lost\n" +
				"  TEXCOORD0.xy: DXVK 2 stores each dcl's slot into all of v0, and the last, TEXCOORD1, overwrites this\n" +
				"dxvk3: every value the pixel shader reads arrives\n", ""},
		{"--require: nothing lost there", []string{"--require=mojoshader,dxvk3", firstVS, firstPS}, exitOK, "*mojoshader: every value", ""},
		{"--require: a loss there is an error", []string{"--require=wined3d", "--diagnostics-format=plain", firstVS, firstPS}, exitInput,
			"*wined3d: 2 values lost",
			firstPS + ":2:1: error: dcl_texcoord v0.xy: wined3d loses TEXCOORD0.xy: wined3d keeps only v0's last dcl, TEXCOORD1: this reads 0\n"},
		{"--require=all", []string{"--require=all", "--diagnostics-format=plain", firstVS, firstPS}, exitInput, "*dxvk3",
			firstPS + ":2:1: error: dcl_texcoord v0.xy: wined3d loses TEXCOORD0.xy: wined3d keeps only v0's last dcl, TEXCOORD1: this reads 0\n" +
				firstPS + ":2:1: error: dcl_texcoord v0.xy: dxvk2 loses TEXCOORD0.xy: DXVK 2 stores each dcl's slot into all of v0, and the last, TEXCOORD1, overwrites this\n"},
		{"r32 is a problem naming the instruction", []string{"--diagnostics-format=plain", r32VS, r32PS}, exitInput, "*wined3d: every value",
			r32VS + ":11:1: error: mov r32, c0: r32 is out of range: vs_3_0 has r0 to r31\n" +
				r32VS + ":12:1: error: mov o1, r32: r32 is out of range: vs_3_0 has r0 to r31\n" +
				"shpack: note: the runtimes' lists model the declarations only: with the problems above, a runtime may lose more\n"},
		{"a vertex shader alone", []string{portVS}, exitOK, "",
			portVS + ": note: no pixel shader: linkage and runtimes are not checked\n"},
		{"a vertex shader alone, -q", []string{"-q", portVS}, exitOK, "", ""},
		{"no files", []string{}, exitUsage, "", "*check takes a vertex shader and, optionally, the pixel shader it feeds"},
		{"three files", []string{portVS, portPS, portPS}, exitUsage, "", "*check takes a vertex shader"},
		{"unknown format", []string{"--format=xml", portVS, portPS}, exitUsage, "", "*unknown format \"xml\" (known: text, json)"},
		{"unknown runtime", []string{"--require=wined3d,d3d12", portVS, portPS}, exitUsage, "",
			"*unknown runtime \"d3d12\" in --require (known: wined3d, mojoshader, dxvk2, dxvk3, all)"},
		{"--require without a pixel shader", []string{"--require=all", portVS}, exitUsage, "", "*--require needs the pixel shader"},
		{"a file that is not there", []string{"nope.vsh"}, exitInput, "", "*nope.vsh"},
		{"help", []string{"--help"}, exitOK, "*Usage: shpack check [flags] VS [PS]", ""},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := shpackRun(append([]string{"check"}, tc.args...)...)
			assert.Equal(t, tc.code, code, "stderr:\n%s", stderr)
			for _, c := range []struct{ name, want, got string }{{"stdout", tc.stdout, stdout}, {"stderr", tc.stderr, stderr}} {
				if rest, ok := strings.CutPrefix(c.want, "*"); ok {
					assert.Contains(t, c.got, rest, c.name)
				} else {
					assert.Equal(t, c.want, c.got, c.name)
				}
			}
		})
	}
}

// TestCheckBytecode: a problem in bytecode names the token offset and the
// instruction, as the decoder's errors do.
func TestCheckBytecode(t *testing.T) {
	t.Chdir(testenv.Root(t))
	vs, ps := checkPair("r32")
	src, err := os.ReadFile(vs)
	require.NoError(t, err)
	prog, err := d3d9.Parse(vs, src)
	require.NoError(t, err)
	data, err := d3d9.Encode(prog)
	require.NoError(t, err)
	cso := filepath.Join(testenv.TempDir(t), "r32.vso")
	require.NoError(t, os.WriteFile(cso, data, 0o644))
	code, _, stderr := shpackRun("check", "-q", "--diagnostics-format=plain", cso, ps)
	assert.Equal(t, exitInput, code)
	// version 0, def 1-6, three dcls 7-15, mov o0 16-18.
	assert.Equal(t, cso+": error: token 19 (mov r32, c0): r32 is out of range: vs_3_0 has r0 to r31\n"+
		cso+": error: token 22 (mov o1, r32): r32 is out of range: vs_3_0 has r0 to r31\n", stderr)
}

// TestCheckJSON compares --format=json with golden files (-update
// rewrites them): a pair with lost values, one with problems, a vertex
// shader alone.
func TestCheckJSON(t *testing.T) {
	root := testenv.Root(t)
	t.Chdir(root)
	for _, c := range []struct {
		name  string
		files []string
		code  int
	}{
		{"packed_reads_first", []string{"check/testdata/pairs/packed_reads_first.vs.asm", "check/testdata/pairs/packed_reads_first.ps.asm"}, exitOK},
		{"fog1", []string{"check/testdata/pairs/fog1.vs.asm", "check/testdata/pairs/fog1.ps.asm"}, exitOK},
		{"r32", []string{"check/testdata/pairs/r32.vs.asm", "check/testdata/pairs/r32.ps.asm"}, exitInput},
		{"vs_only", []string{"check/testdata/pairs/portable.vs.asm"}, exitOK},
	} {
		t.Run(c.name, func(t *testing.T) {
			code, stdout, stderr := shpackRun(append([]string{"check", "--format=json", "-q"}, c.files...)...)
			assert.Equal(t, c.code, code, stderr)
			testenv.Golden(t, filepath.Join(root, "cmd", "shpack", "testdata", "check", c.name+".json"), []byte(stdout), *update)
			code2, stdout2, _ := shpackRun(append([]string{"check", "--format=json", "-q"}, c.files...)...)
			assert.Equal(t, code, code2)
			assert.Equal(t, stdout, stdout2, "the same input gives the same bytes")
		})
	}
}

// TestCheckFlagsDocumented: check's --help names every flag it takes, and
// TestCheckOutputFile: check -o FILE writes the report a passing check
// prints, with a depfile naming the programs; a check that fails writes
// nothing (an earlier report stays as it was), so that a build step whose
// target is the report runs again.
func TestCheckOutputFile(t *testing.T) {
	t.Chdir(testenv.Root(t))
	portVS, portPS := checkPair("portable")
	r32VS, r32PS := checkPair("r32")
	dir := testenv.TempDir(t)
	out, dep := filepath.Join(dir, "check.json"), filepath.Join(dir, "check.d")
	_, want, _ := shpackRun("check", "--format=json", portVS, portPS)
	code, stdout, stderr := shpackRun("check", "--format=json", "-o", out, "--depfile", dep, portVS, portPS)
	require.Equal(t, exitOK, code, stderr)
	assert.Empty(t, stdout)
	got, err := os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, want, string(got))
	d, err := os.ReadFile(dep)
	require.NoError(t, err)
	assert.Equal(t, out+": \\\n  "+portVS+" \\\n  "+portPS+"\n", string(d))

	code, stdout, stderr = shpackRun("check", "--format=json", "-o", out, r32VS, r32PS)
	assert.Equal(t, exitInput, code)
	assert.Empty(t, stdout, "the report goes to -o FILE, and a failed check writes none")
	assert.Contains(t, stderr, "r32 is out of range")
	got, err = os.ReadFile(out)
	require.NoError(t, err)
	assert.Equal(t, want, string(got), "the passing report stays")
	_, wantFailed, _ := shpackRun("check", "--format=json", r32VS, r32PS)
	code, stdout, _ = shpackRun("check", "--format=json", "-o", "-", r32VS, r32PS)
	assert.Equal(t, exitInput, code)
	assert.Equal(t, wantFailed, stdout, "-o - is stdout, which gets the report as without -o")
	assert.NotEmpty(t, stdout)
}
