package d3d9

import (
	"bytes"
	"os"
	"path/filepath"
	"testing"

	"github.com/shpack/shpack/internal/testenv"
)

// seeds adds the assembler check's cases, of the given extension.
func seeds(f *testing.F, ext string) {
	dir := filepath.Join(testenv.Root(f), "..", "shared", "tools", "d3dasm-check", "cases")
	files, _ := filepath.Glob(filepath.Join(dir, "*"+ext))
	for _, p := range files {
		if data, err := os.ReadFile(p); err == nil {
			f.Add(data)
		}
	}
}

// FuzzParse: any text parses or fails with positioned errors; what parses
// prints, and the print parses to the same print.
func FuzzParse(f *testing.F) {
	seeds(f, ".asm")
	f.Add([]byte("vs_3_0\nmov o[aL + 2].xy, -c[a0.x + 1]_abs.yx\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		p, err := Parse("f.asm", src)
		if err != nil {
			return
		}
		var a, b bytes.Buffer
		if err := Print(&a, p); err != nil {
			t.Fatal(err)
		}
		q, err := Parse("g.asm", a.Bytes())
		if err != nil {
			t.Fatalf("the print does not parse: %v\n%s", err, a.String())
		}
		Print(&b, q)
		if a.String() != b.String() {
			t.Fatalf("print, parse, print differs:\n%s\n---\n%s", a.String(), b.String())
		}
	})
}

// FuzzDecode: any bytes decode or fail, without a panic, in time bounded
// by their length; what decodes prints.
func FuzzDecode(f *testing.F) {
	seeds(f, ".cso")
	f.Add([]byte{0x00, 0x03, 0xFE, 0xFF, 0xFF, 0xFF, 0x00, 0x00})
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Decode("f.cso", data)
		if err != nil {
			return
		}
		var b bytes.Buffer
		if err := Print(&b, p); err != nil {
			t.Fatal(err)
		}
	})
}

// FuzzEncode: whatever decodes encodes, and the encoding decodes to the
// same program.
func FuzzEncode(f *testing.F) {
	seeds(f, ".cso")
	f.Fuzz(func(t *testing.T, data []byte) {
		p, err := Decode("f.cso", data)
		if err != nil || p.Major < 2 {
			return
		}
		enc, err := Encode(p)
		if err != nil {
			return // more parameters than a token can count
		}
		q, err := Decode("g.cso", enc)
		if err != nil {
			t.Fatalf("the encoding does not decode: %v", err)
		}
		var a, b bytes.Buffer
		Print(&a, p)
		Print(&b, q)
		if a.String() != b.String() {
			t.Fatalf("decode, encode, decode differs:\n%s\n---\n%s", a.String(), b.String())
		}
	})
}
