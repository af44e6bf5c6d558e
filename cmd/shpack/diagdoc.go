package main

import (
	"encoding/json"
	"io"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"

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

// A collected diagnostic.
type collected struct {
	Severity string // "error", "warning", "note"
	Pos      ir.Pos
	Msg      string
	Notes    []ir.Note
}

// noteLine reads a note printed as text: "FILE:LINE:COL: note: MSG" (or
// warning), a file alone, or no position at all.
var noteLine = regexp.MustCompile(`^(.*?)(?::(\d+)(?::(\d+))?)?: (note|warning|error): (.*)$`)

// collectNote records a line a command printed as a note.
func (e *env) collectNote(line string) {
	c := collected{Severity: "note", Msg: line}
	if m := noteLine.FindStringSubmatch(line); m != nil {
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
		e.collected = append(e.collected, collected{Severity: sev, Pos: d.Pos, Msg: d.Msg, Notes: d.Notes})
	}
}

// writeDiagDoc prints the collected diagnostics as the document asked for.
func (e *env) writeDiagDoc(w io.Writer) {
	var doc any
	if e.diag.doc == "sarif" {
		doc = sarifLog(e.collected)
	} else {
		type note struct {
			File    string `json:"file"`
			Line    int    `json:"line"`
			Column  int    `json:"column"`
			Message string `json:"message"`
		}
		type diag struct {
			Severity string `json:"severity"`
			note
			Notes []note `json:"notes"`
		}
		d := struct {
			Schema      string `json:"schema"`
			Diagnostics []diag `json:"diagnostics"`
		}{Schema: "shpack.diagnostics/1", Diagnostics: []diag{}}
		for _, c := range e.collected {
			x := diag{Severity: c.Severity, note: note{c.Pos.File, c.Pos.Line, c.Pos.Col, c.Msg}, Notes: []note{}}
			for _, n := range c.Notes {
				x.Notes = append(x.Notes, note{n.Pos.File, n.Pos.Line, n.Pos.Col, n.Msg})
			}
			d.Diagnostics = append(d.Diagnostics, x)
		}
		doc = d
	}
	b, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		panic(err) // plain structs of strings and ints always marshal
	}
	w.Write(append(b, '\n'))
}

// SARIF 2.1.0, the parts shpack writes.
type (
	sarifDoc struct {
		Schema  string     `json:"$schema"`
		Version string     `json:"version"`
		Runs    []sarifRun `json:"runs"`
	}
	sarifRun struct {
		Tool    sarifTool     `json:"tool"`
		Results []sarifResult `json:"results"`
	}
	sarifTool struct {
		Driver sarifDriver `json:"driver"`
	}
	sarifDriver struct {
		Name           string `json:"name"`
		Version        string `json:"version,omitempty"`
		InformationURI string `json:"informationUri"`
	}
	sarifResult struct {
		Level            string          `json:"level"`
		Message          sarifMessage    `json:"message"`
		Locations        []sarifLocation `json:"locations,omitempty"`
		RelatedLocations []sarifLocation `json:"relatedLocations,omitempty"`
	}
	sarifMessage struct {
		Text string `json:"text"`
	}
	sarifLocation struct {
		ID               *int           `json:"id,omitempty"`
		PhysicalLocation *sarifPhysical `json:"physicalLocation,omitempty"`
		Message          *sarifMessage  `json:"message,omitempty"`
	}
	sarifPhysical struct {
		ArtifactLocation sarifArtifact `json:"artifactLocation"`
		Region           *sarifRegion  `json:"region,omitempty"`
	}
	sarifArtifact struct {
		URI string `json:"uri"`
	}
	sarifRegion struct {
		StartLine   int `json:"startLine"`
		StartColumn int `json:"startColumn,omitempty"`
	}
)

func sarifLog(cs []collected) sarifDoc {
	run := sarifRun{
		Tool:    sarifTool{Driver: sarifDriver{Name: "shpack", Version: strings.Fields(version())[0], InformationURI: "https://github.com/shpack/shpack"}},
		Results: []sarifResult{},
	}
	for _, c := range cs {
		r := sarifResult{Level: c.Severity, Message: sarifMessage{Text: c.Msg}}
		if l, ok := sarifLoc(c.Pos, ""); ok {
			r.Locations = []sarifLocation{l}
		}
		for i, n := range c.Notes {
			if l, ok := sarifLoc(n.Pos, n.Msg); ok {
				id := i
				l.ID = &id
				r.RelatedLocations = append(r.RelatedLocations, l)
			}
		}
		run.Results = append(run.Results, r)
	}
	return sarifDoc{Schema: "https://json.schemastore.org/sarif-2.1.0.json", Version: "2.1.0", Runs: []sarifRun{run}}
}

// sarifLoc is a position as a SARIF location: the file as a relative URI
// reference (or file: URI for an absolute path), the region when there is
// a line.
func sarifLoc(pos ir.Pos, msg string) (sarifLocation, bool) {
	if pos.File == "" {
		return sarifLocation{}, false
	}
	u := url.URL{Path: filepath.ToSlash(pos.File)}
	if filepath.IsAbs(pos.File) {
		u.Scheme = "file"
	}
	l := sarifLocation{PhysicalLocation: &sarifPhysical{ArtifactLocation: sarifArtifact{URI: u.String()}}}
	if pos.Line > 0 {
		l.PhysicalLocation.Region = &sarifRegion{StartLine: pos.Line, StartColumn: max(pos.Col, 0)}
	}
	if msg != "" {
		l.Message = &sarifMessage{Text: msg}
	}
	return l, true
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
	m := noteLine.FindStringSubmatchIndex(line)
	if m == nil {
		return line
	}
	loc, kind, rest := line[:m[8]-2], line[m[8]:m[9]], line[m[10]:]
	return ir.Colorize(loc, kind) + rest
}
