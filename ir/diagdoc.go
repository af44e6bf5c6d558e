package ir

import (
	"encoding/json"
	"io"
	"net/url"
	"path/filepath"
)

// Diagnostics as documents, for tools: SARIF 2.1.0 (what GitHub code
// scanning and IDEs read) and shpack.diagnostics/1 (docs/json.md). A run
// collects what it reports and prints one document when it ends.

// A Diagnostic is one message a run reports, as data: an error, a
// warning or a note, where it is, the notes that go with it and the
// choices it hints at. Printing, colour, SARIF and JSON are made from
// it, in one place (Reporter); nothing reads a printed diagnostic back.
type Diagnostic struct {
	Severity string // "error", "warning", "note"
	Pos      Pos
	Msg      string
	Notes    []Note
	Hints    []Hint
	// Packed marks a note that says what was packed (Note.Packed).
	Packed bool
}

// WriteDiagnosticsJSON writes ds as a shpack.diagnostics/1 document.
func WriteDiagnosticsJSON(w io.Writer, ds []Diagnostic) error {
	type note struct {
		File    string `json:"file"`
		Line    int    `json:"line"`
		Column  int    `json:"column"`
		Message string `json:"message"`
	}
	type hint struct {
		Option string `json:"option"`
		Value  string `json:"value,omitempty"`
	}
	type diag struct {
		Severity string `json:"severity"`
		note
		Notes []note `json:"notes"`
		Hints []hint `json:"hints,omitempty"`
	}
	doc := struct {
		Schema      string `json:"schema"`
		Diagnostics []diag `json:"diagnostics"`
	}{Schema: "shpack.diagnostics/1", Diagnostics: []diag{}}
	for _, c := range ds {
		x := diag{Severity: c.Severity, note: note{c.Pos.File, c.Pos.Line, c.Pos.Col, c.Msg}, Notes: []note{}}
		for _, n := range c.Notes {
			x.Notes = append(x.Notes, note{n.Pos.File, n.Pos.Line, n.Pos.Col, n.Msg})
		}
		for _, h := range c.Hints {
			x.Hints = append(x.Hints, hint{string(h.Option), h.Value})
			for _, a := range h.And { // given together: both listed
				x.Hints = append(x.Hints, hint{string(a.Option), a.Value})
			}
		}
		doc.Diagnostics = append(doc.Diagnostics, x)
	}
	return writeIndented(w, doc)
}

// WriteSARIF writes ds as a SARIF 2.1.0 log of one run of the tool
// (name, version, where to read about it): each diagnostic a result at its
// level, its notes related locations.
func WriteSARIF(w io.Writer, tool, version, uri string, ds []Diagnostic) error {
	return writeIndented(w, sarifLog(tool, version, uri, ds))
}

func writeIndented(w io.Writer, doc any) error {
	b, err := json.MarshalIndent(doc, "", "  ")
	if err != nil {
		return err
	}
	_, err = w.Write(append(b, '\n'))
	return err
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

func sarifLog(tool, version, uri string, cs []Diagnostic) sarifDoc {
	run := sarifRun{
		Tool:    sarifTool{Driver: sarifDriver{Name: tool, Version: version, InformationURI: uri}},
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
func sarifLoc(pos Pos, msg string) (sarifLocation, bool) {
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
