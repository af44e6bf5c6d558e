package pp

import (
	"bytes"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"unsafe"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/corpus"
	"github.com/shpack/shpack/internal/realcorpus"
)

func scanTexts(src string) string {
	toks, _ := Scan("t", []byte(src))
	var parts []string
	for _, t := range toks {
		if t.Kind != TokEOF {
			parts = append(parts, t.Text)
		}
	}
	return strings.Join(parts, " ")
}

func TestScan(t *testing.T) {
	tests := []struct{ src, want string }{
		{"float4 p : POSITION;", "float4 p : POSITION ;"},
		{"a<<=b>>c->d", "a <<= b >> c -> d"},
		{"1.5f .5 1e-3 0x1F 10u", "1.5f .5 1e-3 0x1F 10u"},
		{"x /* c */ y // d\nz", "x y z"},
		{"ab\\\ncd", "abcd"},
		{"..\\\n.", "..."},
		{"\"x \\\"\\\\\n", "\"x \\\"\\"}, // the last backslash pair is a line splice
		{"'\\\\\n", "'\\"},
		{"@", "@"},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, scanTexts(tc.src), "%q", tc.src)
	}
	toks, errs := Scan("t", []byte("\"open"))
	assert.Len(t, toks, 2)
	assert.Equal(t, "t:1:1: error: unterminated string", errs.Error())
	toks, _ = Scan("t", []byte("\xEF\xBB\xBFa\r\n b"))
	assert.Equal(t, 1, toks[0].Col())
	assert.Equal(t, 2, toks[1].Line())
	assert.Equal(t, 2, toks[1].Col())
	assert.True(t, toks[1].BOL)
	assert.True(t, toks[1].Space)
}

// TestScanCROnly: a lone CR (classic Mac OS) ends a line as LF does, in
// positions, comments, strings, splices and directives; the CR of CRLF
// does not end one more.
func TestScanCROnly(t *testing.T) {
	toks, errs := Scan("t", []byte("a // c\rb\r\n\"s\rc\\\rd"))
	assert.Equal(t, "t:3:1: error: unterminated string", errs.Error())
	var got []string
	for _, tk := range toks[:len(toks)-1] {
		got = append(got, fmt.Sprintf("%s@%d:%d", tk.Text, tk.Line(), tk.Col()))
	}
	assert.Equal(t, []string{"a@1:1", "b@2:1", `"s@3:1`, "cd@4:1"}, got)
	assert.True(t, toks[1].BOL)

	pp, perrs := Preprocess("m", []byte("#define N 2\rN\r#if N == 2\ryes\r#endif\r"), nil)
	assert.Empty(t, perrs)
	var out []string
	for _, tk := range pp.Tokens[:len(pp.Tokens)-1] {
		out = append(out, tk.Text)
	}
	assert.Equal(t, []string{"2", "yes"}, out)
}

// scanEdgeCases are inputs where the string-cutting scanner could part
// from the reference: splices in and between every kind of token, at the
// ends of the file, after a byte-order mark, with each kind of line end.
var scanEdgeCases = []string{
	"", "\\", "\\\n", "\\\r", "\\\r\n", "a\\", "a\\\\\n", "\\\n\\\nx", "\\\\\nx",
	"\xEF\xBB\xBF", "\xEF\xBB\xBF\\\nx y", "x \\\n y\n  z",
	"ab\\\ncd ef", "1\\\n.5e\\\n+3 0x1\\\nF", ".\\\n5", "<\\\n<\\\n= -\\\n>",
	"\"a\\\nb\" 'c\\\r\nd' \"open\\\n", "/\\\n/ c\\\nstill\nx", "/\\\n* c *\\\n/ y",
	"/* open\n\n", "a /* x\r\n y */ b", "// c\r\nx", "a\rb\r\n\rc", "\"s\\\"\\\\\n", "'\\\\\n",
	"#define M(a) \\\n  a + \\\r\n  1\nM(2)", "x\r\\\ny", "@\x00\xff", "..\\\n.", "1e-3 1p+4 0xe+1 .5 5.",
}

// TestScanMatchesReference holds Scan to refScan, the byte-at-a-time
// scanner it replaced, on both corpora and the edge cases: the same
// tokens (text, kind, position, offset, flags) and the same errors.
func TestScanMatchesReference(t *testing.T) {
	inputs := map[string][]byte{}
	for i, src := range scanEdgeCases {
		inputs[fmt.Sprintf("edge%d", i)] = []byte(src)
	}
	for _, name := range corpus.Names() {
		src, err := fs.ReadFile(corpus.FS(), name)
		require.NoError(t, err)
		inputs[name] = src
	}
	root := realcorpus.Root(t)
	for _, rel := range realcorpus.Files(t, root) {
		src, err := os.ReadFile(filepath.Join(root, rel))
		require.NoError(t, err)
		inputs[rel] = src
		// The same file with every line end spliced: each token after
		// the first line moves.
		inputs[rel+" spliced"] = bytes.ReplaceAll(src, []byte("\n"), []byte("\\\n"))
	}
	for name, src := range inputs {
		checkScanMatchesReference(t, name, src)
	}
}

func checkScanMatchesReference(t *testing.T, name string, src []byte) {
	t.Helper()
	want, wantErrs := refScan(name, src)
	got, gotErrs := scanRaw(name, src)
	compact, _ := Scan(name, src)
	require.Len(t, compact, len(got), name)
	for i := range got {
		require.Equal(t, got[i].compact(0), compact[i], "%s: token %d", name, i)
		if got[i].unterminated {
			require.Contains(t, gotErrs.Error(), fmt.Sprintf("%s: error: unterminated", got[i].Pos), "%s: token %d", name, i)
		}
		got[i].unterminated = false
	}
	require.Equal(t, wantErrs.Error(), gotErrs.Error(), name)
	require.Equal(t, len(want), len(got), name)
	for i := range want {
		require.Equal(t, want[i], got[i], "%s: token %d", name, i)
	}
}

// FuzzScanMatchesReference holds Scan to refScan on any input.
func FuzzScanMatchesReference(f *testing.F) {
	for _, src := range scanEdgeCases {
		f.Add([]byte(src))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		checkScanMatchesReference(t, "f", src)
	})
}

// TestNewSourceShares: an owned file without splices is scanned in place
// (an include read into its own buffer is not copied again); a caller's
// bytes and a file with splices are copied.
func TestNewSourceShares(t *testing.T) {
	plain, spliced := []byte("float4 a;\n"), []byte("float4 \\\na;\n")
	shares := func(s *source, b []byte) bool { return unsafe.StringData(s.text) == unsafe.SliceData(b) }
	assert.True(t, shares(newSource("a", plain, true), plain))
	assert.Equal(t, 1.0, testing.AllocsPerRun(10, func() { newSource("a", plain, true) }), "the source, and no copy of the text")
	assert.False(t, shares(newSource("a", plain, false), plain))
	s := newSource("a", spliced, true)
	assert.False(t, shares(s, spliced))
	assert.Equal(t, "float4 a;\n", s.text)
}

// TestTokenSize: a unit keeps every output token, so their size is a
// third of a parse's memory; this says when a change makes them larger.
func TestTokenSize(t *testing.T) {
	assert.Equal(t, uintptr(40), unsafe.Sizeof(Token{}))
}
