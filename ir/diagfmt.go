package ir

import (
	"strconv"
	"strings"
	"unicode/utf8"
)

// DiagStyle is how diagnostics are printed.
type DiagStyle uint8

const (
	// DiagGCC prints as gcc and clang do: the include chain first ("In file
	// included from a.fxh:3,"), then "file:line:col: error: msg", the
	// source line and a caret under the column, then the other notes, each
	// with its own source line.
	DiagGCC DiagStyle = iota
	// DiagPlain prints Error.Error(): "file:line:col: error: msg" and one
	// line per note, include notes included, no source lines.
	DiagPlain
	// DiagMSVC prints "file(line,col): error: msg" and notes alike, the
	// form Visual Studio and fxc users' tools read.
	DiagMSVC
)

// ParseDiagStyle reads a style's name: "gcc", "plain" or "msvc".
func ParseDiagStyle(s string) (DiagStyle, bool) {
	switch s {
	case "gcc":
		return DiagGCC, true
	case "plain":
		return DiagPlain, true
	case "msvc":
		return DiagMSVC, true
	}
	return 0, false
}

// A DiagPrinter formats diagnostics. Source returns the contents of a file
// named by a position (nil if it cannot be read); without it, or with
// NoCaret, no source lines are shown.
type DiagPrinter struct {
	Style   DiagStyle
	NoCaret bool
	Source  func(file string) []byte
	// Color colours the gcc style as gcc and clang do on a terminal: the
	// location bold, "error:" red, "warning:" magenta, "note:" cyan, the
	// caret green.
	Color bool
	// Hint renders a hint as the caller spells the option it names (the
	// command: --entry=NAME); nil: Hint.String.
	Hint func(Hint) string
	// Tool names the tool on a diagnostic with no position ("shpack:
	// note: ..."); "" prints none.
	Tool string
}

// ANSI colours of diagnostics, gcc's.
const (
	ansiBold    = "\x1b[1m"
	ansiRed     = "\x1b[1;31m"
	ansiMagenta = "\x1b[1;35m"
	ansiCyan    = "\x1b[1;36m"
	ansiGreen   = "\x1b[1;32m"
	ansiReset   = "\x1b[0m"
)

// Colorize is "loc: kind: " coloured as gcc colours it ("" loc: no
// location), for a diagnostic printed as text elsewhere.
func Colorize(loc, kind string) string {
	c := ansiCyan
	switch kind {
	case "error":
		c = ansiRed
	case "warning":
		c = ansiMagenta
	}
	out := c + kind + ":" + ansiReset + " "
	if loc != "" {
		out = ansiBold + loc + ":" + ansiReset + " " + out
	}
	return out
}

// includeMsg is the message of the notes IncludeNotes makes.
const includeMsg = "in file included from here"

// Format prints one error or warning (without a final newline).
func (p DiagPrinter) Format(e *Error) string { return p.FormatDiagnostic(e.Diagnostic()) }

// Message is d's message with its hints, rendered as p renders them.
func (p DiagPrinter) Message(d Diagnostic) string { return withHints(d.Msg, d.Hints, p.Hint) }

// FormatDiagnostic prints one diagnostic (without a final newline): an
// error or a warning with its source line (gcc), a note of the run alone
// on its line, after the tool's name when it names no file.
func (p DiagPrinter) FormatDiagnostic(d Diagnostic) string {
	kind, msg := d.Severity, p.Message(d)
	if d.Pos == (Pos{}) && p.Tool != "" && kind == "note" {
		d.Pos.File = p.Tool // "shpack: note: ...", where no file is named
	}
	var b strings.Builder
	switch p.Style {
	case DiagPlain:
		b.WriteString(prefixed(d.Pos, kind, msg))
		for _, n := range d.Notes {
			b.WriteByte('\n')
			b.WriteString(prefixed(n.Pos, "note", withHints(n.Msg, n.Hints, p.Hint)))
		}
		return b.String()
	case DiagMSVC:
		b.WriteString(msvcLine(d.Pos, kind, msg))
		for _, n := range d.Notes {
			b.WriteByte('\n')
			b.WriteString(msvcLine(n.Pos, "note", withHints(n.Msg, n.Hints, p.Hint)))
		}
		return b.String()
	}
	e := &Error{Pos: d.Pos, Notes: d.Notes}
	// gcc: "In file included from X:L,\n                 from Y:L:\n".
	var others []Note
	first := true
	for _, n := range e.Notes {
		if n.Msg != includeMsg || n.Pos.Line == 0 {
			others = append(others, n)
			continue
		}
		if first {
			b.WriteString("In file included from ")
			first = false
		} else {
			b.WriteString(",\n                 from ")
		}
		b.WriteString(n.Pos.File + ":" + strconv.Itoa(n.Pos.Line))
	}
	if !first {
		b.WriteString(":\n")
	}
	b.WriteString(p.prefixed(e.Pos, kind, msg))
	p.caret(&b, e.Pos)
	for _, n := range others {
		b.WriteByte('\n')
		b.WriteString(p.prefixed(n.Pos, "note", withHints(n.Msg, n.Hints, p.Hint)))
		p.caret(&b, n.Pos)
	}
	return b.String()
}

func (p DiagPrinter) prefixed(pos Pos, kind, msg string) string {
	if p.Color {
		return Colorize(pos.String(), kind) + msg
	}
	return prefixed(pos, kind, msg)
}

func prefixed(pos Pos, kind, msg string) string {
	if s := pos.String(); s != "" {
		return s + ": " + kind + ": " + msg
	}
	return kind + ": " + msg
}

func msvcLine(pos Pos, kind, msg string) string {
	switch {
	case pos.File == "":
		return kind + ": " + msg
	case pos.Line <= 0:
		return pos.File + ": " + kind + ": " + msg
	}
	return pos.File + "(" + strconv.Itoa(pos.Line) + "," + strconv.Itoa(pos.Col) + "): " + kind + ": " + msg
}

// caret appends the source line of pos and a caret under its column, as
// gcc does ("    3 |     float bad" and "      |     ^"). Whitespace
// before the column is copied (tabs stay tabs), other characters become
// one space each, so the caret lines up in any tab width.
func (p DiagPrinter) caret(b *strings.Builder, pos Pos) {
	if p.NoCaret || p.Source == nil || pos.Line <= 0 || pos.Col <= 0 {
		return
	}
	src := p.Source(pos.File)
	if len(src) >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF {
		src = src[3:] // columns count from after the byte-order mark
	}
	line, ok := sourceLine(src, pos.Line)
	if !ok || pos.Col-1 > len(line) || !utf8.ValidString(line) {
		return
	}
	col := pos.Col
	line, col = caretWindow(line, col)
	num := strconv.Itoa(pos.Line)
	pad := strings.Repeat(" ", max(5-len(num), 0))
	b.WriteString("\n" + pad + num + " |")
	if line != "" {
		b.WriteString(" " + line)
	}
	b.WriteString("\n")
	b.WriteString(strings.Repeat(" ", len(pad)+len(num)) + " | ")
	for _, r := range line[:col-1] {
		if r == '\t' {
			b.WriteByte('\t')
		} else {
			b.WriteByte(' ')
		}
	}
	if p.Color {
		b.WriteString(ansiGreen + "^" + ansiReset)
		return
	}
	b.WriteByte('^')
}

// caretContext is how much of a long source line is shown on each side
// of the caret, in bytes.
const caretContext = 80

// caretWindow cuts a long line to caretContext bytes on each side of col
// (1-based), at rune boundaries, with "..." where it was cut, as clang
// does, and returns the caret's column in what it kept: a diagnostic on an
// 8 MB line of one file must not echo the 8 MB.
func caretWindow(line string, col int) (string, int) {
	if len(line) <= 2*caretContext+16 {
		return line, col
	}
	from, to := max(col-1-caretContext, 0), min(col-1+caretContext, len(line))
	for from > 0 && !utf8.RuneStart(line[from]) {
		from--
	}
	for to < len(line) && !utf8.RuneStart(line[to]) {
		to++
	}
	out, at := line[from:to], col-from
	if from > 0 {
		out, at = "..."+out, at+3
	}
	if to < len(line) {
		out += "..."
	}
	return out, at
}

// sourceLine returns line n (1-based) of src without its line end; lines
// end at LF, CRLF or a lone CR, as the scanner reads them.
func sourceLine(src []byte, n int) (string, bool) {
	if src == nil {
		return "", false
	}
	line := 1
	start := 0
	for i := 0; i < len(src); i++ {
		c := src[i]
		if c != '\n' && c != '\r' {
			continue
		}
		if line == n {
			return string(src[start:i]), true
		}
		if c == '\r' && i+1 < len(src) && src[i+1] == '\n' {
			i++
		}
		line++
		start = i + 1
	}
	if line == n && start <= len(src) {
		return string(src[start:]), true
	}
	return "", false
}
