package ir

import (
	"cmp"
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"
)

// Pos is a position in a source file: a 1-based line and a 1-based byte column.
// A Pos with Line 0 names only a file (a diagnostic about the whole file); the
// zero Pos names nothing.
type Pos struct {
	File string
	Line int
	Col  int
}

// String prints p as "file:line:col", "file" when p has no line, or "" for the
// zero Pos.
func (p Pos) String() string {
	if p.Line <= 0 {
		return p.File
	}
	var b strings.Builder
	b.Grow(len(p.File) + 12)
	b.WriteString(p.File)
	b.WriteByte(':')
	b.WriteString(strconv.Itoa(p.Line))
	b.WriteByte(':')
	b.WriteString(strconv.Itoa(p.Col))
	return b.String()
}

// ComparePos orders positions by file name, line and column.
func ComparePos(a, b Pos) int {
	if c := cmp.Compare(a.File, b.File); c != 0 {
		return c
	}
	if c := cmp.Compare(a.Line, b.Line); c != 0 {
		return c
	}
	return cmp.Compare(a.Col, b.Col)
}

// A Note adds context to an Error: where an included file was included from,
// where a conflicting element was declared. A run's notes say what it did
// and left alone; Packed marks the one line per shader, program or family
// that says what was packed, which a command prints by default (the others
// when asked, shpack -v), as a compiler prints nothing but its findings.
type Note struct {
	Pos    Pos
	Msg    string
	Packed bool
	// Hints are what the note says to choose (hint.go), rendered after
	// Msg.
	Hints []Hint
}

// String prints the note as "pos: note: msg".
func (n Note) String() string {
	msg := withHints(n.Msg, n.Hints, nil)
	if s := n.Pos.String(); s != "" {
		return s + ": note: " + msg
	}
	return "note: " + msg
}

// Diagnostic is the note as a diagnostic a run reports by itself.
func (n Note) Diagnostic() Diagnostic {
	return Diagnostic{Severity: "note", Pos: n.Pos, Msg: n.Msg, Hints: n.Hints, Packed: n.Packed}
}

// An Error is a diagnostic about the user's input, positioned where the problem
// is. Its text is "file:line:col: error: msg", followed by one line per note.
type Error struct {
	Pos   Pos
	Msg   string
	Notes []Note
	// Warning marks a diagnostic that does not stop the run; it prints as
	// "warning:" instead of "error:".
	Warning bool
	// Hints are what the diagnostic says to choose (hint.go), rendered
	// after Msg.
	Hints []Hint
}

// Diagnostic is the error as a value a reporter prints.
func (e *Error) Diagnostic() Diagnostic {
	sev := "error"
	if e.Warning {
		sev = "warning"
	}
	return Diagnostic{Severity: sev, Pos: e.Pos, Msg: e.Msg, Notes: e.Notes, Hints: e.Hints}
}

// Errorf returns an Error at pos whose notes are the include chain (see
// IncludeNotes) of pos.
func Errorf(pos Pos, include []Pos, format string, args ...any) *Error {
	return &Error{Pos: pos, Msg: fmt.Sprintf(format, args...), Notes: IncludeNotes(include)}
}

// IncludeNotes turns an include chain (the positions of the #include directives
// that led to a file, innermost first) into notes.
func IncludeNotes(include []Pos) []Note {
	if len(include) == 0 {
		return nil
	}
	notes := make([]Note, len(include))
	for i, p := range include {
		notes[i] = Note{Pos: p, Msg: "in file included from here"}
	}
	return notes
}

// Error returns the diagnostic's text; notes follow on their own lines.
func (e *Error) Error() string {
	var b strings.Builder
	if s := e.Pos.String(); s != "" {
		b.WriteString(s)
		b.WriteString(": ")
	}
	if e.Warning {
		b.WriteString("warning: ")
	} else {
		b.WriteString("error: ")
	}
	b.WriteString(withHints(e.Msg, e.Hints, nil))
	for _, n := range e.Notes {
		b.WriteByte('\n')
		b.WriteString(n.String())
	}
	return b.String()
}

// ErrorList collects the diagnostics of one run. A pass reports everything it
// finds; the caller sorts and prints them.
type ErrorList []*Error

// Add appends an error at pos.
func (l *ErrorList) Add(pos Pos, include []Pos, format string, args ...any) {
	*l = append(*l, Errorf(pos, include, format, args...))
}

// Sort orders the list by position, then message, and drops exact duplicates
// (the same message at the same position), so output is deterministic.
func (l *ErrorList) Sort() {
	slices.SortStableFunc(*l, func(a, b *Error) int {
		if c := ComparePos(a.Pos, b.Pos); c != 0 {
			return c
		}
		return cmp.Compare(a.Msg, b.Msg)
	})
	*l = slices.CompactFunc(*l, func(a, b *Error) bool { return a.Pos == b.Pos && a.Msg == b.Msg })
}

// Err returns nil for an empty list and the list itself otherwise.
func (l ErrorList) Err() error {
	if len(l) == 0 {
		return nil
	}
	return l
}

// Error prints every error of the list, one per line (notes on lines of their own).
func (l ErrorList) Error() string {
	var b strings.Builder
	for i, e := range l {
		if i > 0 {
			b.WriteByte('\n')
		}
		b.WriteString(e.Error())
	}
	return b.String()
}

// Errors extracts the diagnostics from err: the list of an ErrorList, the
// single *Error, or nil if err holds no positioned diagnostic.
func Errors(err error) ErrorList {
	var l ErrorList
	if errors.As(err, &l) {
		return l
	}
	var e *Error
	if errors.As(err, &e) {
		return ErrorList{e}
	}
	return nil
}
