package rewrite

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestRelocate(t *testing.T) {
	resolve := func(name string) string {
		if strings.HasPrefix(name, "keep") {
			return ""
		}
		return "../src/" + name
	}
	for _, tc := range []struct{ name, src, want string }{
		{"quoted", "#include \"a.fxh\"\nx\n", "#include \"../src/a.fxh\"\nx\n"},
		{"left by resolve", "#include \"keep.fxh\"\n", "#include \"keep.fxh\"\n"},
		{"angle brackets stay", "#include <a.fxh>\n", "#include <a.fxh>\n"},
		{"spaced directive, CRLF, BOM", "\xEF\xBB\xBF  #  include   \"a.fxh\" // c\r\ny\r\n", "\xEF\xBB\xBF  #  include   \"../src/a.fxh\" // c\r\ny\r\n"},
		{"in a skipped group too", "#if 0\n#include \"p.fxh\"\n#endif\n", "#if 0\n#include \"../src/p.fxh\"\n#endif\n"},
		{"not a directive", "// #include \"a.fxh\"\nstring s = \"#include \\\"a.fxh\\\"\";\nx #include \"a.fxh\"\n", "// #include \"a.fxh\"\nstring s = \"#include \\\"a.fxh\\\"\";\nx #include \"a.fxh\"\n"},
		{"macro-spelled", "#define H \"a.fxh\"\n#include H\n", "#define H \"a.fxh\"\n#include H\n"},
		{"two", "#include \"a.fxh\"\n#include \"b\\\\c.fxh\"\n", "#include \"../src/a.fxh\"\n#include \"../src/b\\\\c.fxh\"\n"},
	} {
		assert.Equal(t, tc.want, string(Relocate([]byte(tc.src), resolve)), tc.name)
	}
}
