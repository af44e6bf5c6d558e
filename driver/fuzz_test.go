package driver_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shpack/shpack/driver"
	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/internal/testenv"
)

// FuzzRewrite rewrites arbitrary files (seeded with the rewrite corpus)
// with and without --all. It must never panic; what it writes must parse,
// and rewriting that again must change nothing (everything it packed now
// fits).
func FuzzRewrite(f *testing.F) {
	dir := filepath.Join(testenv.Root(f), "corpus", "rewrite")
	entries, err := os.ReadDir(dir)
	if err != nil {
		f.Fatal(err)
	}
	for _, e := range entries {
		if e.IsDir() {
			continue
		}
		src, err := os.ReadFile(filepath.Join(dir, e.Name()))
		if err != nil {
			f.Fatal(err)
		}
		f.Add(src, false)
		f.Add(src, true)
	}
	noIncludes := hlsl.PPOptions{ReadFile: func(string) ([]byte, error) { return nil, os.ErrNotExist }}
	f.Fuzz(func(t *testing.T, src []byte, all bool) {
		opts := driver.RewriteOptions{All: all, PP: noIncludes}
		res, err := driver.Rewrite([]driver.Source{{Name: "f.fx", Src: src}}, opts)
		if err != nil {
			return
		}
		out := res.Outputs[0]
		if _, err := hlsl.ParseFile("f.fx", out, &noIncludes); err != nil {
			t.Fatalf("the rewrite does not parse: %v\n%s", err, out)
		}
		if !all {
			again, err := driver.Rewrite([]driver.Source{{Name: "f.fx", Src: out}}, opts)
			if err != nil {
				t.Fatalf("rewriting the rewrite fails: %v\n%s", err, out)
			}
			if string(again.Outputs[0]) != string(out) && strings.Contains(string(out), "_unpacked") {
				t.Fatalf("rewriting the rewrite changes it:\n%s\n---\n%s", out, again.Outputs[0])
			}
		}
	})
}
