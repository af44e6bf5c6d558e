package pp

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
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
	assert.Equal(t, 1, toks[0].Pos.Col)
	assert.Equal(t, 2, toks[1].Pos.Line)
	assert.Equal(t, 2, toks[1].Pos.Col)
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
		got = append(got, tk.Text+"@"+tk.Pos.String()[2:])
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
