package compile

import (
	"fmt"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/shpack/shpack/hlsl/pp"
)

// Positions.
//
// The compiler reads a file shpack wrote: the rewrite (fxc: #line
// directives in it give the user's lines back, and fxc honours them) or a
// preprocessed text (vkd3d-compiler, which takes no -D or -I, and ignores
// #line: "fixme:preproc_yyparse #line directive"). Either way shpack
// knows, for every line of that file, the user's file and line, and maps
// each diagnostic that names the file it wrote back there, whatever the
// compiler did with #line.

// where is a position in the user's files.
type where struct {
	file string
	line int
}

// lineMap gives, for each line of the text handed to the compiler (from
// 0), where it comes from.
type lineMap []where

func (m lineMap) at(line int) (where, bool) {
	if line < 1 || line > len(m) {
		return where{}, false
	}
	return m[line-1], true
}

// mapOfText reads the #line directives of text, whose first line is line
// 1 of file: what a compiler that honours them would say.
func mapOfText(text, file string) lineMap {
	var m lineMap
	cur := where{file, 1}
	for _, line := range textLines(text) {
		if n, f, ok := lineDirective(line); ok {
			m = append(m, cur) // the directive's own line
			cur.line = n
			if f != "" {
				cur.file = f
			}
			continue
		}
		m = append(m, cur)
		cur.line++
	}
	return m
}

// textLines splits text into its lines as the preprocessor counts them
// (hlsl/pp) and fxc does: each ends at LF, CR LF or a CR alone, so that a
// file saved with CR line ends maps line for line.
func textLines(text string) []string {
	var lines []string
	for len(text) > 0 {
		i := strings.IndexAny(text, "\r\n")
		if i < 0 {
			lines = append(lines, text)
			break
		}
		end := i + 1
		if text[i] == '\r' && end < len(text) && text[end] == '\n' {
			end++
		}
		lines, text = append(lines, text[:end]), text[end:]
	}
	return lines
}

// lineDirective reads `#line N "FILE"` (FILE optional).
func lineDirective(line string) (int, string, bool) {
	rest, ok := strings.CutPrefix(strings.TrimSpace(line), "#")
	if !ok {
		return 0, "", false
	}
	rest, ok = strings.CutPrefix(strings.TrimSpace(rest), "line")
	if !ok {
		return 0, "", false
	}
	fields := strings.Fields(rest)
	if len(fields) == 0 {
		return 0, "", false
	}
	n, err := strconv.Atoi(fields[0])
	if err != nil {
		return 0, "", false
	}
	file := ""
	if len(fields) > 1 {
		q := strings.TrimSpace(rest[strings.Index(rest, fields[1]):])
		if s, err := strconv.Unquote(q); err == nil {
			file = s
		}
	}
	return n, file, true
}

// preprocessed prints a preprocessed unit as text for a compiler without
// a preprocessor of its own: each token on its own source line and, where
// it can, at its own column; a #line directive wherever the file changes
// or a line goes back; and the map of its lines.
func preprocessed(res *pp.Result) (string, lineMap) {
	var b strings.Builder
	var m lineMap
	cur := where{}
	col := 1
	newline := func() {
		b.WriteByte('\n')
		m = append(m, cur)
		cur.line++
		col = 1
	}
	for i := range res.Tokens {
		t := &res.Tokens[i]
		if t.Text == "" {
			continue
		}
		pos := res.Pos(t)
		switch {
		case pos.File != cur.file || pos.Line < cur.line || pos.Line > cur.line+8:
			if b.Len() > 0 {
				newline()
			}
			fmt.Fprintf(&b, "#line %d %s", pos.Line, strconv.Quote(pos.File))
			cur = where{pos.File, pos.Line}
			b.WriteByte('\n')
			m = append(m, where{pos.File, pos.Line})
			col = 1
		case pos.Line > cur.line:
			for cur.line < pos.Line {
				newline()
			}
		}
		switch {
		case pos.Col > col && !t.Expanded:
			b.WriteString(strings.Repeat(" ", pos.Col-col))
			col = pos.Col
		case col > 1 && (t.Space || t.Expanded || pos.Col < col):
			// A macro's tokens stand at its invocation: spaced, never
			// glued to their neighbours.
			b.WriteByte(' ')
			col++
		}
		b.WriteString(t.Text)
		col += len(t.Text)
	}
	b.WriteByte('\n')
	m = append(m, cur)
	return b.String(), m
}

// A Diagnostic is one message of the compiler, at the user's position
// when shpack could map it.
type Diagnostic struct {
	File      string
	Line, Col int // 0 when the compiler gave none
	Severity  string
	Code      string
	Msg       string
	// Raw is a line of the compiler's output that is no diagnostic
	// ("compilation failed; no code produced"): printed as it is.
	Raw string
}

// String prints the diagnostic as fxc does, what MSBuild and IDEs parse:
// FILE(LINE,COL): error X3004: message.
func (d Diagnostic) String() string {
	if d.Raw != "" {
		return d.Raw
	}
	at := d.File
	switch {
	case d.Line > 0 && d.Col > 0:
		at += fmt.Sprintf("(%d,%d)", d.Line, d.Col)
	case d.Line > 0:
		at += fmt.Sprintf("(%d)", d.Line)
	}
	if d.Code != "" {
		return fmt.Sprintf("%s: %s %s: %s", at, d.Severity, d.Code, d.Msg)
	}
	return fmt.Sprintf("%s: %s: %s", at, d.Severity, d.Msg)
}

// The compilers' diagnostics, compiled when first needed: every shpack
// run links this package, few run a compiler.
var (
	// fxc: file(12,5): error X3004: msg; file(12,5-9): ...; file(12): ...
	fxcDiag = sync.OnceValue(func() *regexp.Regexp {
		return regexp.MustCompile(`^(.+?)\((\d+)(?:,(\d+)(?:-\d+)?)?\)\s*:\s*(error|warning)\s+(\w+)\s*:\s*(.*)$`)
	})
	// vkd3d: file:12:5: E5017: msg
	vkd3dDiag = sync.OnceValue(func() *regexp.Regexp { return regexp.MustCompile(`^(.+?):(\d+):(\d+): ([EW])(\d+): (.*)$`) })
)

// mapDiagnostics reads the compiler's output, and moves every diagnostic
// that names the file shpack handed it (its base name is given) to the
// user's position by m; other lines pass as they are, with the names of
// the files shpack handed the compiler replaced by the user's (users).
func mapDiagnostics(out, handed, source string, m lineMap, users *strings.Replacer) []Diagnostic {
	var ds []Diagnostic
	for line := range strings.Lines(out) {
		line = strings.TrimRight(line, "\r\n")
		if strings.TrimSpace(line) == "" || strings.Contains(line, "fixme:preproc_yyparse #line directive") {
			continue
		}
		var d Diagnostic
		if s := fxcDiag().FindStringSubmatch(line); s != nil {
			d = Diagnostic{File: s[1], Severity: s[4], Code: s[5], Msg: s[6]}
			d.Line, _ = strconv.Atoi(s[2])
			d.Col, _ = strconv.Atoi(s[3])
		} else if s := vkd3dDiag().FindStringSubmatch(line); s != nil {
			d = Diagnostic{File: s[1], Severity: "error", Code: s[4] + s[5], Msg: s[6]}
			if s[4] == "W" {
				d.Severity = "warning"
			}
			d.Line, _ = strconv.Atoi(s[2])
			d.Col, _ = strconv.Atoi(s[3])
		} else {
			ds = append(ds, Diagnostic{Raw: users.Replace(line)})
			continue
		}
		if sameFile(d.File, handed) {
			if w, ok := m.at(d.Line); ok {
				d.File, d.Line = w.file, w.line
			} else {
				// Past the text handed over (an end of file): the user's
				// file, at no line of it rather than at one it lacks.
				d.File, d.Line, d.Col = source, 0, 0
			}
		}
		ds = append(ds, d)
	}
	return ds
}

// sameFile says whether a path the compiler printed (perhaps through
// Wine: Z:\tmp\x.hlsl) names the file handed to it.
func sameFile(printed, handed string) bool {
	p := strings.ReplaceAll(printed, `\`, "/")
	return p == handed || filepath.Base(p) == filepath.Base(handed)
}
