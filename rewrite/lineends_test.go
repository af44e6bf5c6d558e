package rewrite

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestLineEnd(t *testing.T) {
	for _, tc := range []struct {
		src  string
		off  int
		want string
	}{
		{"", 0, "\n"},
		{"abc", 1, "\n"},
		{"a\r\nb\nc", 0, "\r\n"},
		{"a\r\nb\nc", 3, "\n"},
		{"a\r\nb\nc", 5, "\n"}, // the last line takes the one before
		{"a\nb\r\nc", 6, "\r\n"},
		{"a\r\n", 3, "\r\n"}, // at the end
		{"a\rb\nc", 0, "\n"}, // a lone CR is no line end
		{"a\r\nb", -1, "\r\n"},
		{"a\r\nb", 99, "\r\n"},
	} {
		assert.Equal(t, tc.want, LineEnd([]byte(tc.src), tc.off), "%q at %d", tc.src, tc.off)
	}
}

func TestWithLineEnds(t *testing.T) {
	for _, tc := range []struct{ text, nl, want string }{
		{"", "\r\n", ""},
		{"a", "\r\n", "a"},
		{"a\nb\n", "\r\n", "a\r\nb\r\n"},
		{"a\r\nb\n", "\r\n", "a\r\nb\r\n"}, // CRLF already: no second CR
		{"a\r\nb\r\n", "\n", "a\nb\n"},
		{"#define M \\\r\n  x\n", "\r\n", "#define M \\\r\n  x\r\n"},
		{"a\rb\n", "\r\n", "a\rb\r\n"}, // a lone CR stays
		{"\n\n", "\r\n", "\r\n\r\n"},
	} {
		assert.Equal(t, tc.want, WithLineEnds(tc.text, tc.nl), "%q", tc.text)
	}
}

func TestBOMLen(t *testing.T) {
	assert.Equal(t, 3, bomLen([]byte("\xEF\xBB\xBFx")))
	assert.Equal(t, 0, bomLen([]byte("x\xEF\xBB\xBF")))
	assert.Equal(t, 0, bomLen([]byte("\xEF\xBB")))
}
