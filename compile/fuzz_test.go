package compile

import (
	"errors"
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
	f.Add("x(3,4): error X3004: bad\nx:2:1: E5005: worse\nplain line\n", "a\n#line 7 \"u.fx\"\nb\n")
	f.Add("x(99999999999999999999,1): error X1: big\n", "#line -3\n")
	f.Fuzz(func(t *testing.T, out, text string) {
		m := mapOfText(text, "src.fx")
		for _, d := range mapDiagnostics(out, "x", "src.fx", m) {
			_ = d.String()
		}
	})
}
