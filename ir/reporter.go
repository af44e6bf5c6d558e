package ir

import (
	"fmt"
	"io"
)

// A Reporter prints the diagnostics of one run of a tool: errors sorted
// and at most Max of them (0: all), notes and warnings unless Quiet, in
// the Printer's style; or, with Doc "sarif" or "json", every diagnostic
// collected and printed as one document when the run ends (Finish):
// SARIF 2.1.0, what GitHub code scanning and IDEs read, or
// shpack.diagnostics/1 (docs/json.md). Everything it prints it is given
// as a value: the printing, the colour and the documents are made here
// from the same Diagnostic.
type Reporter struct {
	W       io.Writer
	Printer DiagPrinter
	Max     int
	Quiet   bool
	Doc     string
	// Tool, Version and URI name the tool in a SARIF document.
	Tool, Version, URI string

	collected []Diagnostic
}

// Report prints errs in the order given (sorted first when sort is set).
func (r *Reporter) Report(errs ErrorList, sort bool) {
	if sort {
		errs.Sort()
	}
	if r.Doc != "" {
		for _, e := range errs {
			r.collect(e.Diagnostic())
		}
		return
	}
	for i, e := range errs {
		if r.Max > 0 && i == r.Max {
			fmt.Fprintf(r.W, "%s: %d more errors not shown (%s shows all)\n", r.tool(), len(errs)-r.Max, r.hint(Hint{Option: OptMaxErrors, Value: "0"}))
			break
		}
		if e.Warning && r.Quiet {
			continue
		}
		fmt.Fprintln(r.W, r.Printer.Format(e))
	}
}

// Diagnose prints diagnostics that are not errors (notes and warnings
// of the run), in the order given, a line each (no source lines: they
// say what the run did); nothing when Quiet.
func (r *Reporter) Diagnose(ds ...Diagnostic) {
	if r.Quiet {
		return
	}
	p := r.Printer
	p.NoCaret = true
	for _, d := range ds {
		if r.Doc != "" {
			r.collect(d)
			continue
		}
		fmt.Fprintln(r.W, p.FormatDiagnostic(d))
	}
}

// Notes prints notes of the run (Diagnose).
func (r *Reporter) Notes(ns ...Note) {
	for _, n := range ns {
		r.Diagnose(n.Diagnostic())
	}
}

// collect keeps d for the document, its hints rendered into its message
// as the console prints them (and kept as data too).
func (r *Reporter) collect(d Diagnostic) {
	d.Msg = r.Printer.Message(d)
	r.collected = append(r.collected, d)
}

func (r *Reporter) tool() string {
	if r.Printer.Tool != "" {
		return r.Printer.Tool
	}
	return "shpack"
}

func (r *Reporter) hint(h Hint) string {
	if r.Printer.Hint != nil {
		return r.Printer.Hint(h)
	}
	return h.String()
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
