package main

import (
	"fmt"
	"io"
	"os"
	"regexp"
	"strconv"
	"strings"
	"sync"

	"github.com/shpack/shpack/ir"
)

// Diagnostics for tools and terminals.
//
// --diagnostics-format=sarif and =json collect every diagnostic of the run
// (errors, warnings and notes) and print one document on stderr when the
// run ends: SARIF 2.1.0, what GitHub code scanning and IDEs read, or
// shpack's own shpack.diagnostics/1 (docs/json.md). --color=auto|always|
// never colours gcc-style diagnostics as gcc and clang do; auto colours a
// terminal unless NO_COLOR is set.

// noteLine reads a note printed as text: "FILE:LINE:COL: note: MSG" (or
// warning), a file alone, or no position at all.
// (compiled when first needed: most runs print no document and no colour)
var noteLine = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(.*?)(?::(\d+)(?::(\d+))?)?: (note|warning|error): (.*)$`)
})

// collectNote records a line a command printed as a note.
func (e *env) collectNote(line string) {
	c := ir.Reported{Severity: "note", Msg: line}
	if m := noteLine().FindStringSubmatch(line); m != nil {
		c.Severity, c.Msg = m[4], m[5]
		c.Pos.File = m[1]
		c.Pos.Line, _ = strconv.Atoi(m[2])
		c.Pos.Col, _ = strconv.Atoi(m[3])
		if c.Pos.File == "shpack" {
			c.Pos.File = ""
		}
	}
	e.collected = append(e.collected, c)
}

// collectErrors records the errors a command reports.
func (e *env) collectErrors(errs ir.ErrorList) {
	for _, d := range errs {
		sev := "error"
		if d.Warning {
			sev = "warning"
		}
		e.collected = append(e.collected, ir.Reported{Severity: sev, Pos: d.Pos, Msg: d.Msg, Notes: d.Notes})
	}
}

// writeDiagDoc prints the collected diagnostics as the document asked for.
func (e *env) writeDiagDoc(w io.Writer) {
	var err error
	if e.diag.doc == "sarif" {
		err = ir.WriteSARIF(w, "shpack", strings.Fields(version())[0], "https://github.com/shpack/shpack", e.collected)
	} else {
		err = ir.WriteDiagnosticsJSON(w, e.collected)
	}
	if err != nil {
		fmt.Fprintf(e.stderr, "shpack: error: cannot write the diagnostics: %v\n", err)
	}
}

// colorMode resolves --color for a writer: always, never, or auto (a
// terminal, unless NO_COLOR is set: https://no-color.org).
func colorMode(mode string, w io.Writer) bool {
	switch mode {
	case "always":
		return true
	case "never":
		return false
	}
	if os.Getenv("NO_COLOR") != "" {
		return false
	}
	f, ok := w.(*os.File)
	if !ok {
		return false
	}
	st, err := f.Stat()
	return err == nil && st.Mode()&os.ModeCharDevice != 0
}

// colorNote colours a note printed as text as gcc colours its own.
func colorNote(line string) string {
	m := noteLine().FindStringSubmatchIndex(line)
	if m == nil {
		return line
	}
	loc, kind, rest := line[:m[8]-2], line[m[8]:m[9]], line[m[10]:]
	return ir.Colorize(loc, kind) + rest
}
