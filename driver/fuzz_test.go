package driver_test

import (
	"os"
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
	for _, src := range testenv.Sources(f, "corpus/rewrite") {
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

// FuzzRewriteVariants rewrites arbitrary effects (seeded with the rewrite
// corpus and the variants corpus) for two permutations at once. It must
// never panic, and what it writes must parse in each permutation.
func FuzzRewriteVariants(f *testing.F) {
	for _, src := range testenv.Sources(f, "corpus/rewrite", "corpus/variants") {
		f.Add(src, "FOG")
	}
	noIncludes := hlsl.PPOptions{ReadFile: func(string) ([]byte, error) { return nil, os.ErrNotExist }}
	f.Fuzz(func(t *testing.T, src []byte, macro string) {
		if !validMacro(macro) {
			return
		}
		vars := []driver.Variant{{Name: "base"}, {Name: "on", Defines: []string{macro}}}
		res, err := driver.Rewrite([]driver.Source{{Name: "f.fx", Src: src}}, driver.RewriteOptions{PP: noIncludes, Variants: vars})
		if err != nil {
			return
		}
		for _, v := range vars {
			opts := noIncludes
			opts.Defines = v.Defines
			if _, err := hlsl.ParseFile("f.fx", res.Outputs[0], &opts); err != nil && !strings.Contains(err.Error(), "#error") {
				t.Fatalf("the rewrite does not parse in variant %s: %v\n%s", v.Name, err, res.Outputs[0])
			}
		}
	})
}

// validMacro reports whether s is a plain identifier (a -D name).
func validMacro(s string) bool {
	if s == "" || len(s) > 32 {
		return false
	}
	for i, c := range s {
		if c != '_' && (c < 'A' || c > 'Z') && (c < 'a' || c > 'z') && (i == 0 || c < '0' || c > '9') {
			return false
		}
	}
	return true
}
