package main

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/testenv"
)

// FuzzCommandLine runs arbitrary command lines over a folder of small
// inputs (HLSL, an effect, an assembly pair, a variants file, a layout
// file): never a panic, exit 0, 1 or 2 only, and a usage error (2) writes
// nothing on stdout. Arguments are NUL-separated in the fuzz input. Lines
// that could reach outside the folder (a path with a separator, "..") or
// run a program (shpack fxc) are skipped: the fuzzer must not write or
// execute what it invents.
func FuzzCommandLine(f *testing.F) {
	for _, line := range []string{
		"lit.hlsl", "--entry=VS lit.hlsl", "-o out.vsh lit.hlsl", "--format=json --struct=VS_OUT lit.hlsl",
		"rewrite fx.fx", "rewrite --all -o out.fx fx.fx", "rewrite --vs-entry=VS --layout-out=l.json lit.hlsl",
		"rewrite --variants=lit.variants --vs-entry=VS --ps-entry=PS lit.hlsl",
		"link fx.fx", "link --vs-entry=VS --ps-entry=PS --format=svg lit.hlsl", "link --variants=lit.variants --vs-entry=VS --ps-entry=PS lit.hlsl",
		"list --format=json lit.hlsl", "compare --summary .", "compare --format=csv --strategies=fxc,optimal lit.hlsl",
		"repack vs.vsh ps.psh", "repack --format=json vs.vsh ps.psh", "check vs.vsh ps.psh", "check --require=all vs.vsh ps.psh",
		"-I . rewrite -D FOG fx.fx", "--diagnostics-format=sarif bad.hlsl", "help link", "version",
		"--layout=l.json --profile=ps_3_0 lit.hlsl", "-q --max-errors=1 --color=never bad.hlsl",
	} {
		f.Add(strings.ReplaceAll(line, " ", "\x00"))
	}
	root := testenv.Root(f)
	inputs := map[string]string{
		"lit.hlsl":      filepath.Join(root, "corpus", "variants", "lit.hlsl"),
		"lit.variants":  filepath.Join(root, "corpus", "variants", "lit.variants"),
		"fx.fx":         filepath.Join(root, "corpus", "rewrite", "sdk_effect_out_params.fx"),
		"vs.vsh":        filepath.Join(root, "corpus", "repack", "macros.vsh"),
		"ps.psh":        filepath.Join(root, "corpus", "repack", "macros.psh"),
		"bad.hlsl":      "",
		"unused.psh.in": "",
	}
	dir := testenv.TempDir(f)
	for name, from := range inputs {
		data := []byte("struct S { flaot4 p : POSITION; };\n")
		if from != "" {
			var err error
			data, err = os.ReadFile(from)
			require.NoError(f, err)
		}
		require.NoError(f, os.WriteFile(filepath.Join(dir, name), data, 0o644))
	}
	f.Setenv("SHPACK_FXC", "")
	f.Fuzz(func(t *testing.T, line string) {
		// Into the folder for this run only (F.Chdir would move the fuzz
		// worker, whose own files are named from where it started).
		wd, err := os.Getwd()
		require.NoError(t, err)
		require.NoError(t, os.Chdir(dir))
		defer os.Chdir(wd)
		args := strings.Split(line, "\x00")
		for _, a := range args {
			if strings.ContainsAny(a, `/\`) || strings.Contains(a, "..") || isFxcPath(a) || strings.Contains(strings.ToLower(a), "fxc") || strings.ContainsRune(a, '@') {
				t.Skip()
			}
		}
		var stdout, stderr bytes.Buffer
		code := run(args, strings.NewReader("float4 main() : POSITION { return 0; }"), &stdout, &stderr)
		switch code {
		case exitOK, exitInput:
		case exitUsage:
			if stdout.Len() > 0 {
				t.Fatalf("%q: a usage error printed on stdout:\n%s", args, stdout.String())
			}
		default:
			t.Fatalf("%q: exit %d", args, code)
		}
		if strings.Contains(stderr.String(), "internal error") {
			t.Fatalf("%q: %s", args, stderr.String())
		}
	})
}
