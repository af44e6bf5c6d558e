package ir

import (
	"fmt"
	"io"
	"regexp"
	"strconv"
	"strings"
	"sync"
)

// A Reporter prints the diagnostics of one run of a tool: errors sorted
// and at most Max of them (0: all), notes and warnings unless Quiet, in
// the Printer's style; or, with Doc "sarif" or "json", every diagnostic
// collected and printed as one document when the run ends (Finish):
// SARIF 2.1.0, what GitHub code scanning and IDEs read, or
// shpack.diagnostics/1 (docs/json.md).
type Reporter struct {
	W       io.Writer
	Printer DiagPrinter
	Max     int
	Quiet   bool
	Doc     string
	// Tool, Version and URI name the tool in a SARIF document.
	Tool, Version, URI string

	collected []Reported
}

// Report prints errs in the order given (sorted first when sort is set).
func (r *Reporter) Report(errs ErrorList, sort bool) {
	if sort {
		errs.Sort()
	}
	if r.Doc != "" {
		for _, d := range errs {
			sev := "error"
			if d.Warning {
				sev = "warning"
			}
			r.collected = append(r.collected, Reported{Severity: sev, Pos: d.Pos, Msg: d.Msg, Notes: d.Notes})
		}
		return
	}
	for i, d := range errs {
		if r.Max > 0 && i == r.Max {
			fmt.Fprintf(r.W, "shpack: %d more errors not shown (--max-errors=0 shows all)\n", len(errs)-r.Max)
			break
		}
		if d.Warning && r.Quiet {
			continue
		}
		fmt.Fprintln(r.W, r.Printer.Format(d))
	}
}

// Note prints lines of notes and warnings as text ("FILE:LINE:COL: note:
// MSG"), coloured as the location and the kind are in errors; nothing
// when Quiet.
func (r *Reporter) Note(lines ...string) {
	if r.Quiet {
		return
	}
	for _, l := range lines {
		switch {
		case r.Doc != "":
			for _, one := range strings.Split(l, "\n") {
				r.collected = append(r.collected, parseNote(one))
			}
		case r.Printer.Color && r.Printer.Style == DiagGCC:
			if m := noteLine().FindStringSubmatchIndex(l); m != nil {
				l = Colorize(l[:m[8]-2], l[m[8]:m[9]]) + l[m[10]:]
			}
			fmt.Fprintln(r.W, l)
		default:
			fmt.Fprintln(r.W, l)
		}
	}
}

// Finish prints the collected document, if one was asked for.
func (r *Reporter) Finish() error {
	switch r.Doc {
	case "sarif":
		return WriteSARIF(r.W, r.Tool, r.Version, r.URI, r.collected)
	case "json":
		return WriteDiagnosticsJSON(r.W, r.collected)
	}
	return nil
}

// noteLine reads a note printed as text: "FILE:LINE:COL: note: MSG" (or
// warning), a file alone, or no position at all. (Compiled when first
// needed: most runs print no document and no colour.)
var noteLine = sync.OnceValue(func() *regexp.Regexp {
	return regexp.MustCompile(`^(.*?)(?::(\d+)(?::(\d+))?)?: (note|warning|error): (.*)$`)
})

// parseNote reads a line printed as a note back into a diagnostic.
func parseNote(line string) Reported {
	c := Reported{Severity: "note", Msg: line}
	if m := noteLine().FindStringSubmatch(line); m != nil {
		c.Severity, c.Msg = m[4], m[5]
		c.Pos.File = m[1]
		c.Pos.Line, _ = strconv.Atoi(m[2])
		c.Pos.Col, _ = strconv.Atoi(m[3])
		if c.Pos.File == "shpack" {
			c.Pos.File = ""
		}
	}
	return c
}
