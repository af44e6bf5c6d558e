package compile

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

// TestMapOfTextLineEnds: the map of the text handed to the compiler counts
// lines as the preprocessor and fxc do, CR alone included: a diagnostic of
// a source saved with CR line ends lands at its line (it landed past the
// map, at no line: the adversarial pass).
func TestMapOfTextLineEnds(t *testing.T) {
	for _, eol := range []string{"\n", "\r\n", "\r"} {
		text := strings.Join([]string{"a", "#line 10 \"u.fx\"", "b", "c", ""}, eol)
		m := mapOfText(text, "src.fx")
		got, ok := m.at(4)
		assert.True(t, ok, "%q", eol)
		assert.Equal(t, where{"u.fx", 11}, got, "%q", eol)
		got, ok = m.at(1)
		assert.True(t, ok)
		assert.Equal(t, where{"src.fx", 1}, got, "%q", eol)
	}
	assert.Equal(t, []string{"a\r", "b\n", "c\r\n", "\n", "d"}, textLines("a\rb\nc\r\n\nd"))
}
