package repack

import (
	"bytes"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/shpack/shpack/d3d9"
	"github.com/shpack/shpack/internal/testenv"
)

// FuzzPair: any pair of programs repacks or fails with errors, never a
// panic; a repacked pair prints, and the print parses and encodes.
func FuzzPair(f *testing.F) {
	files, _ := filepath.Glob(filepath.Join(testenv.Root(f), "corpus", "repack", "*.vsh"))
	for _, vf := range files {
		vs, err1 := os.ReadFile(vf)
		ps, err2 := os.ReadFile(strings.TrimSuffix(vf, ".vsh") + ".psh")
		if err1 == nil && err2 == nil {
			f.Add(vs, ps)
		}
	}
	f.Fuzz(func(t *testing.T, vsSrc, psSrc []byte) {
		vs, err := d3d9.Parse("f.vsh", vsSrc)
		if err != nil {
			return
		}
		ps, err := d3d9.Parse("f.psh", psSrc)
		if err != nil {
			return
		}
		res, err := Pair(vs, ps, "f.vsh", "f.psh", Options{Portable: true})
		if err != nil {
			return
		}
		for _, p := range []*d3d9.Program{res.VS, res.PS} {
			var b bytes.Buffer
			if err := d3d9.Print(&b, p); err != nil {
				t.Fatal(err)
			}
			if _, err := d3d9.Parse("g.asm", b.Bytes()); err != nil {
				t.Fatalf("the repacked program does not parse: %v\n%s", err, b.String())
			}
			if _, err := d3d9.Encode(p); err != nil {
				t.Fatalf("the repacked program does not encode: %v\n%s", err, b.String())
			}
		}
	})
}
