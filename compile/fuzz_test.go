package compile

import (
	"errors"
	"fmt"
	"slices"
	"strings"
	"testing"
)

// FuzzParseArgs: any command line (words split at NUL, a response file's
// text as the second input) parses or is refused with an error; never a
// panic, and a parsed line always has a source and a profile.
func FuzzParseArgs(f *testing.F) {
	f.Add("/T\x00vs_3_0\x00/E\x00main\x00a.fx", "")
	f.Add("-Tps_3_0\x00-DA=1\x00-Iinc\x00@r\x00b.fx", `/O3 "/D X=a b" /Fo out.o`)
	f.Add("@r", "@r")
	f.Add("/Fo", "")
	f.Fuzz(func(t *testing.T, line, resp string) {
		args := strings.Split(line, "\x00")
		read := func(p string) ([]byte, error) {
			if p == "r" {
				return []byte(resp), nil
			}
			return nil, errors.New("no such file")
		}
		a, err := ParseArgs(args, read, func(p string) bool { return p == "/abs.fx" })
		if err != nil {
			return
		}
		if a.Source == "" || a.Profile == "" || a.Entry == "" {
			t.Fatalf("parsed without source, profile or entry: %+v", a)
		}
	})
}

// FuzzMapDiagnostics: any compiler output and any text handed to it map
// to diagnostics without a panic; a diagnostic of the handed file lands in
// a file the text names (or the source).
func FuzzMapDiagnostics(f *testing.F) {
	f.Add("x(3,4): error X3004: bad\nx:2:1: E5005: worse\nplain line\n", "a\n#line 7 \"u.fx\"\nb\n", uint16(2), uint16(9))
	f.Add("x(99999999999999999999,1): error X1: big\n", "#line -3\n", uint16(0), uint16(1))
	f.Fuzz(func(t *testing.T, out, text string, l1, l2 uint16) {
		m := mapOfText(text, "src.fx")
		for _, d := range mapDiagnostics(out, "x", "src.fx", m, strings.NewReplacer("x", "src.fx")) {
			_ = d.String()
		}
		// Diagnostics at known lines of the handed file: each lands where
		// the text's #line directives put that line, or, past the text,
		// in the user's file at no line: never at a line the text does
		// not name.
		lines := []int{int(l1), int(l2)}
		ds := mapDiagnostics(fmt.Sprintf("x(%d,1): error X1: a\nx:%d:2: E1: b\n", lines[0], lines[1]), "x", "src.fx", m, strings.NewReplacer())
		if len(ds) != 2 {
			t.Fatalf("two diagnostics read as %d", len(ds))
		}
		for i, d := range ds {
			w, in := m.at(lines[i])
			switch {
			case in && (d.File != w.file || d.Line != w.line):
				t.Fatalf("line %d of the handed text is %s:%d, and its diagnostic landed at %s:%d", lines[i], w.file, w.line, d.File, d.Line)
			case !in && (d.File != "src.fx" || d.Line != 0):
				t.Fatalf("line %d is past the handed text (%d lines), and its diagnostic landed at %s:%d", lines[i], len(m), d.File, d.Line)
			}
		}
	})
}

// FuzzResponseFile: any bytes read as a response file give words or an
// error, never a panic, and no more text than they hold (UTF-16 grows by
// half at most as UTF-8); any words shpack writes as a response file for
// the compiler read back as the same words, and only a word with a
// double quote cannot be written.
func FuzzResponseFile(f *testing.F) {
	f.Add([]byte("/T vs_3_0\r\n\"/I C:\\My Shaders\\\" @x"), "/D", "BIG=1+1", `Z:\tmp\out dir\o.obj`)
	f.Add([]byte{0xFF, 0xFE, '/', 0, 'T', 0}, "", "\xef\xbb\xbfx", "\xff\xfeA")
	f.Add([]byte{0xEF, 0xBB, 0xBF, '"', 'a', ' ', 'b', '"'}, "tab\there", "MSG=\"hi\"", "\n")
	f.Fuzz(func(t *testing.T, data []byte, w1, w2, w3 string) {
		if words, err := ResponseWords(data); err == nil {
			n := 0
			for _, w := range words {
				n += len(w)
			}
			if n > len(data)*3/2 {
				t.Fatalf("%d bytes read as %d bytes of words", len(data), n)
			}
		}
		words := []string{w1, w2, w3}
		out, err := WriteResponse(words)
		if err != nil {
			if !strings.ContainsAny(w1+w2+w3, "\"\x00") {
				t.Fatalf("%q not written: %v", words, err)
			}
			return
		}
		back, err := ResponseWords(out)
		if err != nil {
			t.Fatalf("%q written as %q, read back: %v", words, out, err)
		}
		if !slices.Equal(back, words) {
			t.Fatalf("%q written as %q, read back as %q", words, out, back)
		}
	})
}
