package main

import (
	"bytes"
	"io/fs"
	"strings"
	"testing"

	"github.com/shpack/shpack/corpus"
)

// FuzzPipeline feeds arbitrary bytes through the whole command, from
// standard input to assembly and JSON: never a panic, only exit 0 or 1,
// nothing on stdout unless the run succeeded, every diagnostic positioned
// in the input (or naming it), and never an internal error (the layout
// checker runs inside every successful pack).
func FuzzPipeline(f *testing.F) {
	for _, name := range corpus.Names() {
		if src, err := fs.ReadFile(corpus.FS(), name); err == nil {
			f.Add(src, uint8(0))
		}
	}
	f.Add([]byte("struct S { float4 p : POSITION; float2 t[3] : TEXCOORD0; };"), uint8(3))
	modes := [][]string{
		{},
		{"--strategy=fxc"},
		{"--strategy=exact", "--format=json"},
		{"--profile=ps_3_0"},
		{"--profile=vs_2_0"},
		{"--direction=in"},
		{"--strategy=vertical", "--mix-color"},
		{"list", "--format=json"},
	}
	f.Fuzz(func(t *testing.T, src []byte, mode uint8) {
		args := append([]string{}, modes[int(mode)%len(modes)]...)
		args = append(args, "-")
		var stdout, stderr bytes.Buffer
		code := run(args, bytes.NewReader(src), &stdout, &stderr)
		switch code {
		case exitOK:
		case exitInput:
			if stdout.Len() > 0 {
				t.Fatalf("exit 1 with output on stdout:\n%s", stdout.String())
			}
		default:
			t.Fatalf("exit %d for args %v: %s", code, args, stderr.String())
		}
		for _, line := range strings.Split(strings.TrimSuffix(stderr.String(), "\n"), "\n") {
			if line == "" {
				continue
			}
			if strings.Contains(line, "internal error") || strings.Contains(line, "panic") {
				t.Fatalf("%s", stderr.String())
			}
			if !strings.HasPrefix(line, stdinName) && !strings.HasPrefix(line, "shpack: ") {
				t.Fatalf("diagnostic not about the input: %q", line)
			}
		}
	})
}
