package main

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/rogpeppe/go-internal/testscript"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/scratch"
	"github.com/shpack/shpack/internal/testenv"
)

// TestMain lets test scripts run shpack in-process as a command.
func TestMain(m *testing.M) {
	testscript.Main(scratchM{m}, map[string]func(){
		"shpack": func() { os.Exit(run(os.Args[1:], os.Stdin, os.Stdout, os.Stderr)) },
	})
}

// scratchM runs the tests, then removes the folders the package's tests
// share: the one testscript.Main put the shpack command in (first on
// PATH), and the one of buildShpack. testscript.Main removes its own with
// os.RemoveAll after Run returns and exits 1 when that fails, as it does
// under Wine (see package scratch): gone already, it is no error.
type scratchM struct{ m *testing.M }

func (s scratchM) Run() int {
	code := s.m.Run()
	var dirs []string
	if path := filepath.SplitList(os.Getenv("PATH")); len(path) > 0 && filepath.Base(path[0]) == "bin" && strings.HasPrefix(filepath.Base(filepath.Dir(path[0])), "testscript-main") {
		dirs = append(dirs, filepath.Dir(path[0]))
	}
	if built.dir != "" {
		dirs = append(dirs, built.dir)
	}
	for _, dir := range dirs {
		if err := scratch.RemoveAll(dir); err != nil {
			fmt.Fprintf(os.Stderr, "removing %s: %v\n", dir, err)
			if code == 0 {
				code = 1
			}
		}
	}
	return code
}

// TestScripts runs the command-line scenarios in testdata/script: exit codes,
// what goes to stdout and stderr, and the files written. Besides
// testscript's commands, a script has rmtree DIR...: rm of a folder that
// holds files, which testscript's rm cannot do under Wine (its
// os.RemoveAll needs a call Wine lacks; see package scratch); and $ENOENT
// is what the system says of a missing file (notFound).
func TestScripts(t *testing.T) {
	testscript.Run(t, testscript.Params{
		Dir:                 "testdata/script",
		WorkdirRoot:         testenv.TempDir(t),
		UpdateScripts:       *update,
		RequireExplicitExec: true,
		Setup: func(env *testscript.Env) error {
			env.Setenv("ENOENT", notFound)
			return nil
		},
		Cmds: map[string]func(ts *testscript.TestScript, neg bool, args []string){
			"rmtree": func(ts *testscript.TestScript, neg bool, args []string) {
				if neg || len(args) == 0 {
					ts.Fatalf("usage: rmtree dir...")
				}
				for _, a := range args {
					ts.Check(scratch.RemoveAll(ts.MkAbs(a)))
				}
			},
		},
	})
}

// TestCommonFlagsAnywhere: the common flags are read the same way before
// the command word, after it, and after the files, for every command
// (issue 29): the same exit status and the same output.
func TestCommonFlagsAnywhere(t *testing.T) {
	t.Chdir(testenv.Root(t))
	fx := filepath.Join("corpus", "rewrite", "sdk_effect_out_params.fx")
	lit := filepath.Join("corpus", "variants", "lit.hlsl")
	vsh, psh := filepath.Join("corpus", "repack", "macros.vsh"), filepath.Join("corpus", "repack", "macros.psh")
	diag := [][]string{{"-q"}, {"--no-caret"}, {"--max-errors=3"}, {"--diagnostics-format=plain"}, {"--color=never"}}
	front := append([][]string{{"-I", "corpus"}, {"-D", "UNUSED=1"}, {"--allow-missing-includes"}}, diag...)
	for _, c := range []struct {
		cmd   string
		args  []string
		flags [][]string
	}{
		{"rewrite", []string{fx}, front},
		{"link", []string{"--vs-entry=VS", "--ps-entry=PS", lit}, front},
		{"list", []string{lit}, front},
		{"compare", []string{"--summary", lit}, front},
		{"repack", []string{vsh, psh}, diag},
		{"check", []string{vsh, psh}, diag},
	} {
		for _, f := range c.flags {
			want := append(append([]string{c.cmd}, f...), c.args...)
			code, out, stderr := shpackRun(want...)
			require.NotEqual(t, exitUsage, code, "%v: %s", want, stderr)
			for _, line := range [][]string{
				append(append(slices.Clone(f), c.cmd), c.args...),
				append(append([]string{c.cmd}, c.args...), f...),
			} {
				got, gout, gerr := shpackRun(line...)
				assert.Equal(t, code, got, "%v: %s", line, gerr)
				assert.Equal(t, out, gout, "%v", line)
			}
		}
	}
}

// TestOutputFlagEverywhere: -o FILE writes to FILE what each command
// prints (issue 29: list, link and compare refused it), atomically, and
// prints nothing.
func TestOutputFlagEverywhere(t *testing.T) {
	t.Chdir(testenv.Root(t))
	lit := filepath.Join("corpus", "variants", "lit.hlsl")
	dir := testenv.TempDir(t)
	for _, args := range [][]string{
		{"list", lit},
		{"link", "--vs-entry=VS", "--ps-entry=PS", lit},
		{"link", "--format=json", "--vs-entry=VS", "--ps-entry=PS", lit},
		{"compare", "--summary", lit},
		{"rewrite", "--all", "--vs-entry=VS", "--ps-entry=PS", lit},
		{"--entry=VS", lit},
		{"check", filepath.Join("check", "testdata", "pairs", "portable.vs.asm"), filepath.Join("check", "testdata", "pairs", "portable.ps.asm")},
	} {
		code, want, stderr := shpackRun(args...)
		require.Equal(t, exitOK, code, "%v: %s", args, stderr)
		out := filepath.Join(dir, "out.txt")
		os.Remove(out)
		line := append([]string{args[0], "-o", out}, args[1:]...)
		code, stdout, stderr := shpackRun(line...)
		require.Equal(t, exitOK, code, "%v: %s", line, stderr)
		assert.Empty(t, stdout, "%v", line)
		got, err := os.ReadFile(out)
		require.NoError(t, err)
		assert.Equal(t, want, string(got), "%v", line)
	}
	code, _, _ := shpackRun("link", "-o", filepath.Join(dir, "x"), "--vs-out=a", "--ps-out=b", "--vs-entry=VS", "--ps-entry=PS", lit)
	assert.Equal(t, exitUsage, code)
}

// TestDepfileWhereverOutput: a command whose output -o names takes
// --depfile and --touch too, the flags a build step writes its rule with;
// compare excepted: it walks directories, whose files a depfile cannot
// name before they exist. list's depfile names the headers it read.
func TestDepfileWhereverOutput(t *testing.T) {
	for _, c := range commandTable {
		takes := c.takes()
		if !slices.Contains(takes, "o") || c.name == "compare" {
			continue
		}
		assert.Subset(t, takes, []string{"depfile", "touch"}, "shpack %s", c.name)
	}
	t.Chdir(testenv.Root(t))
	dir := testenv.TempDir(t)
	out, dep := filepath.Join(dir, "list.txt"), filepath.Join(dir, "list.d")
	src := filepath.Join("corpus", "include_struct.hlsl")
	code, _, stderr := shpackRun("list", "-o", out, "--depfile="+dep, "--touch", src)
	require.Equal(t, exitOK, code, stderr)
	d, err := os.ReadFile(dep)
	require.NoError(t, err)
	assert.Equal(t, out+": \\\n  "+src+" \\\n  "+filepath.Join("corpus", "include_struct.fxh")+"\n\n"+filepath.Join("corpus", "include_struct.fxh")+":\n", string(d))
}

// TestSVGFlagEverywhere: --svg=FILE draws the register map beside the
// main output for shpack FILE, link (a pair and an effect), rewrite and
// repack (issue 29: it was rewrite and repack only): the map --format=svg
// prints, where that exists.
func TestSVGFlagEverywhere(t *testing.T) {
	t.Chdir(testenv.Root(t))
	lit := filepath.Join("corpus", "variants", "lit.hlsl")
	fx := filepath.Join("corpus", "rewrite", "family_shared_ps.fx")
	dir := testenv.TempDir(t)
	for _, c := range []struct{ args, same []string }{
		{[]string{"--entry=VS", lit}, []string{"--format=svg", "--entry=VS", lit}},
		{[]string{"link", "--vs-entry=VS", "--ps-entry=PS", lit}, nil},
		{[]string{"link", fx}, []string{"link", "--format=svg", fx}},
		{[]string{"rewrite", "--all", fx}, nil},
		{[]string{"repack", filepath.Join("corpus", "repack", "macros.vsh"), filepath.Join("corpus", "repack", "macros.psh")}, nil},
	} {
		svg := filepath.Join(dir, "map.svg")
		os.Remove(svg)
		line := append([]string{c.args[0], "--svg=" + svg}, c.args[1:]...)
		code, _, stderr := shpackRun(line...)
		require.Equal(t, exitOK, code, "%v: %s", line, stderr)
		got, err := os.ReadFile(svg)
		require.NoError(t, err, "%v", line)
		assert.Contains(t, string(got), "<svg", "%v", line)
		if c.same != nil {
			_, want, _ := shpackRun(c.same...)
			assert.Equal(t, want, string(got), "%v", line)
		}
	}
}
