package ir

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDiagPrinter(t *testing.T) {
	files := map[string]string{
		"a.fxh":  "struct A {\n\tfloat4 p : POSITON;\n};\n",
		"m.fx":   "#include \"a.fxh\"\r\nstruct M { float f : FOG };\r\n",
		"bom.fx": "\xEF\xBB\xBFfloat x\n",
		"cr.fx":  "a\rb c\r",
	}
	src := func(f string) []byte {
		if s, ok := files[f]; ok {
			return []byte(s)
		}
		return nil
	}
	inc := &Error{Pos: Pos{"a.fxh", 2, 2}, Msg: "bad semantic", Notes: []Note{
		{Pos: Pos{"m.fx", 1, 1}, Msg: includeMsg},
		{Pos: Pos{"m.fx", 2, 12}, Msg: "declared here"},
	}}
	tests := []struct {
		name string
		p    DiagPrinter
		e    *Error
		want string
	}{
		{"gcc: chain first, caret under the column, a tab kept", DiagPrinter{Source: src}, inc,
			"In file included from m.fx:1:\n" +
				"a.fxh:2:2: error: bad semantic\n" +
				"    2 | \tfloat4 p : POSITON;\n" +
				"      | \t^\n" +
				"m.fx:2:12: note: declared here\n" +
				"    2 | struct M { float f : FOG };\n" +
				"      |            ^"},
		{"no caret", DiagPrinter{Source: src, NoCaret: true}, inc,
			"In file included from m.fx:1:\na.fxh:2:2: error: bad semantic\nm.fx:2:12: note: declared here"},
		{"plain", DiagPrinter{Style: DiagPlain, Source: src}, inc,
			"a.fxh:2:2: error: bad semantic\nm.fx:1:1: note: in file included from here\nm.fx:2:12: note: declared here"},
		{"msvc", DiagPrinter{Style: DiagMSVC, Source: src}, inc,
			"a.fxh(2,2): error: bad semantic\nm.fx(1,1): note: in file included from here\nm.fx(2,12): note: declared here"},
		{"byte-order mark", DiagPrinter{Source: src}, &Error{Pos: Pos{"bom.fx", 1, 7}, Msg: "x"},
			"bom.fx:1:7: error: x\n    1 | float x\n      |       ^"},
		{"CR-only lines", DiagPrinter{Source: src}, &Error{Pos: Pos{"cr.fx", 2, 3}, Msg: "c", Warning: true},
			"cr.fx:2:3: warning: c\n    2 | b c\n      |   ^"},
		{"unreadable source: no caret", DiagPrinter{Source: src}, &Error{Pos: Pos{"gone.fx", 3, 1}, Msg: "x"},
			"gone.fx:3:1: error: x"},
		{"line past the end: no caret", DiagPrinter{Source: src}, &Error{Pos: Pos{"a.fxh", 9, 1}, Msg: "x"},
			"a.fxh:9:1: error: x"},
		{"file only", DiagPrinter{Source: src, Style: DiagMSVC}, &Error{Pos: Pos{File: "a.fxh"}, Msg: "x"},
			"a.fxh: error: x"},
	}
	for _, tc := range tests {
		assert.Equal(t, tc.want, tc.p.Format(tc.e), tc.name)
	}
	for _, n := range []string{"gcc", "plain", "msvc"} {
		_, ok := ParseDiagStyle(n)
		assert.True(t, ok, n)
	}
	_, ok := ParseDiagStyle("clang")
	assert.False(t, ok)
}

// TestCaretLongLine: a diagnostic on a very long line shows the part of it
// around the caret, not the whole line.
func TestCaretLongLine(t *testing.T) {
	line := strings.Repeat("a", 4<<20) + " bad " + strings.Repeat("b", 4<<20)
	src := []byte("float x;\n" + line + "\n")
	p := DiagPrinter{Source: func(string) []byte { return src }}
	col := 4<<20 + 2
	got := p.Format(&Error{Pos: Pos{File: "f.hlsl", Line: 2, Col: col}, Msg: "unexpected"})
	assert.Less(t, len(got), 500)
	lines := strings.Split(got, "\n")
	require.Len(t, lines, 3)
	assert.Equal(t, "    2 | ..."+strings.Repeat("a", 79)+" bad "+strings.Repeat("b", 76)+"...", lines[1])
	assert.Equal(t, "      | "+strings.Repeat(" ", 3+79)+" ^", lines[2])
}
