package main

import (
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/testenv"
)

// TestFlagSuggestions: a command-line mistake names the flag as the help
// spells it, suggests the flag that was meant, and points at the
// command's own help; exit 2, nothing on stdout.
func TestFlagSuggestions(t *testing.T) {
	for _, tc := range []struct {
		name   string
		args   []string
		stderr string
	}{
		{"misspelt flag", []string{"rewrite", "--vs-entri=SceneVS", "a.fx"},
			"shpack: unknown flag --vs-entri; did you mean --vs-entry?\nRun 'shpack help rewrite' for usage.\n"},
		{"one dash, as the flag package prints it", []string{"rewrite", "-vs-entri=SceneVS", "a.fx"},
			"shpack: unknown flag --vs-entri; did you mean --vs-entry?\nRun 'shpack help rewrite' for usage.\n"},
		{"case", []string{"rewrite", "--Vs-Entry=VS", "a.fx"},
			"shpack: unknown flag --Vs-Entry; did you mean --vs-entry?\nRun 'shpack help rewrite' for usage.\n"},
		{"shpack FILE", []string{"--touhc", "a.hlsl"},
			"shpack: unknown flag --touhc; did you mean --touch?\nRun 'shpack --help' for usage.\n"},
		{"nothing close", []string{"link", "--frobnicate", "a.fx"},
			"shpack: unknown flag --frobnicate\nRun 'shpack help link' for usage.\n"},
		{"one letter is no misspelling of another", []string{"rewrite", "-x", "a.fx"},
			"shpack: unknown flag -x\nRun 'shpack help rewrite' for usage.\n"},
		{"a flag of other commands", []string{"rewrite", "--struct=VS_OUT", "a.fx"},
			"shpack: rewrite does not take --struct; shpack FILE and compare do\nRun 'shpack help rewrite' for usage.\n"},
		{"a flag of one other command", []string{"list", "--require=all", "a.fx"},
			"shpack: list does not take --require; check does\nRun 'shpack help list' for usage.\n"},
		{"a value missing", []string{"rewrite", "a.fx", "-o"},
			"shpack: -o needs a value: -o FILE\nRun 'shpack help rewrite' for usage.\n"},
		{"a long flag's value missing", []string{"check", "a.vso", "--require"},
			"shpack: --require needs a value: --require=RUNTIME[,RUNTIME...]|all\nRun 'shpack help check' for usage.\n"},
		{"a bad number", []string{"--max-errors=x", "a.hlsl"},
			"shpack: invalid value \"x\" for --max-errors: parse error\nRun 'shpack --help' for usage.\n"},
		{"a bad boolean", []string{"rewrite", "--all=maybe", "a.fx"},
			"shpack: invalid boolean value \"maybe\" for --all: parse error\nRun 'shpack help rewrite' for usage.\n"},
		{"shpack fxc's own flags", []string{"fxc", "--compilr=fxc.exe", "/T", "vs_3_0", "a.hlsl"},
			"shpack: fxc: unknown shpack flag --compilr=fxc.exe; did you mean --compiler? (fxc's own options start with one '/' or '-')\nRun 'shpack help fxc' for usage.\n"},
		{"a misspelt command", []string{"lst", "a.hlsl"},
			"shpack: unknown command \"lst\"; did you mean list? (commands: rewrite, repack, check, fxc, link, list, compare, help, version; or give a file to pack)\nRun 'shpack --help' for usage.\n"},
		{"help for a misspelt command", []string{"help", "rewite"},
			"shpack: no help for \"rewite\"; did you mean rewrite? (commands: rewrite, repack, check, fxc, link, list, compare, help, version)\nRun 'shpack --help' for usage.\n"},
		{"-q and -v", []string{"rewrite", "-q", "-v", "a.fx"},
			"shpack: -q and -v cannot be used together: -q prints no notes, -v every one\nRun 'shpack help rewrite' for usage.\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Chdir(testenv.TempDir(t)) // "lst" must name no file
			code, stdout, stderr := shpackRun(tc.args...)
			assert.Equal(t, exitUsage, code)
			assert.Empty(t, stdout)
			assert.Equal(t, tc.stderr, stderr)
		})
	}
}

// suggestPair is a pair of entry points and the structs they pass, for
// the name suggestions.
const suggestPair = `struct VS_OUTPUT { float4 Pos : POSITION; float2 UV : TEXCOORD0; };
VS_OUTPUT VS(float4 p : POSITION) { VS_OUTPUT o = (VS_OUTPUT)0; o.Pos = p; return o; }
float4 PS(VS_OUTPUT i) : COLOR0 { return i.UV.xyxy; }
float4 Shade(float4 c) { return c; }
`

// TestNameSuggestions: an entry point or struct misspelt on the command
// line (in case, or by a letter) is an error at the file that suggests
// the name it has; exit 1.
func TestNameSuggestions(t *testing.T) {
	t.Chdir(testenv.TempDir(t))
	require.NoError(t, os.WriteFile("pair.hlsl", []byte(suggestPair), 0o644))
	for _, tc := range []struct {
		name   string
		args   []string
		stderr string
	}{
		{"rewrite, case", []string{"rewrite", "--vs-entry=Vs", "--ps-entry=PS", "pair.hlsl"},
			"pair.hlsl: error: no function named Vs in pair.hlsl; did you mean VS?\n"},
		{"rewrite, a letter", []string{"rewrite", "--vs-entry=VS", "--ps-entry=Shadr", "pair.hlsl"},
			"pair.hlsl: error: no function named Shadr in pair.hlsl; did you mean Shade?\n"},
		{"rewrite, not the other stage's name", []string{"rewrite", "--vs-entry=VS", "--ps-entry=VX", "pair.hlsl"},
			"pair.hlsl: error: no function named VX in pair.hlsl\n"},
		{"link", []string{"link", "--vs-entry=vs", "--ps-entry=PS", "pair.hlsl"},
			"pair.hlsl: error: no function named \"vs\"; did you mean VS?\n"},
		{"shpack FILE --entry", []string{"--entry=SHADE", "pair.hlsl"},
			"pair.hlsl: error: no function named \"SHADE\"; did you mean Shade?\n"},
		{"shpack FILE --struct", []string{"--struct=VS_OUTPT", "pair.hlsl"},
			"pair.hlsl: error: no struct named \"VS_OUTPT\"; did you mean VS_OUTPUT? (structs with semantics: VS_OUTPUT)\n"},
		{"nothing close", []string{"--entry=Water", "pair.hlsl"},
			"pair.hlsl: error: no function named \"Water\"\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			code, stdout, stderr := shpackRun(tc.args...)
			assert.Equal(t, exitInput, code)
			assert.Empty(t, stdout)
			assert.Equal(t, tc.stderr, stderr)
		})
	}
}

// TestChartSubject: a chart's title names what it compares in words that
// fit the figure, however many files a glob gave.
func TestChartSubject(t *testing.T) {
	for _, tc := range []struct {
		paths []string
		want  string
	}{
		{[]string{"corpus"}, "corpus"},
		{[]string{"a.hlsl", "b.hlsl"}, "a.hlsl, b.hlsl"},
		{[]string{"corpus/rewrite/a.fx", "corpus/rewrite/b.fx", "corpus/rewrite/c.hlsl"}, "3 files in corpus/rewrite"},
		{[]string{"a/x.fx", "b/y.fx", "c"}, "3 files and folders"},
	} {
		assert.Equal(t, tc.want, chartSubject(tc.paths), "%v", tc.paths)
	}
}
