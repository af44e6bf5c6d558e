package report

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"strconv"
	"strings"
	"text/tabwriter"
	"unicode/utf8"

	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/pack"
)

// The compare command's outputs: a table, CSV, JSON, from its entries.

// An Entry is one compared signature: where, and each strategy's result,
// or why it could not be compared.
type Entry struct {
	File    string
	Kind    string // "struct" or "function"
	Name    string
	Pos     ir.Pos
	Results []pack.Result
	Err     error
}

// row is one line of the per-signature output.
type row struct {
	File, Kind, Signature string
	pack.Result
}

func rows(entries []Entry) []row {
	var out []row
	for _, ce := range entries {
		for _, r := range ce.Results {
			out = append(out, row{ce.File, ce.Kind, ce.Name, r})
		}
	}
	return out
}

func results(entries []Entry) [][]pack.Result {
	var out [][]pack.Result
	for _, ce := range entries {
		if ce.Err == nil {
			out = append(out, ce.Results)
		}
	}
	return out
}

// csvHeader names the CSV columns; the issue that asked for compare fixed
// these names.
var csvHeader = []string{"file", "signature", "strategy", "general_registers", "fits", "lower_bound", "optimal", "wasted_components", "prefix_stable", "moved_vs_fxc", "error"}

// csvSummaryHeader names the columns of compare --format=csv --summary.
var csvSummaryHeader = []string{"strategy", "signatures", "mean_registers", "median_registers", "max_registers", "share_at_optimum", "overflows", "saved_vs_fxc", "share_prefix_stable"}

// WriteCSV writes one row per signature and strategy, in input order; a
// signature that could not be compared is one row with its error and the
// other columns empty. With summaryOnly, one row per strategy.
func WriteCSV(w io.Writer, entries []Entry, summaryOnly bool) error {
	cw := csv.NewWriter(w)
	if summaryOnly {
		cw.Write(csvSummaryHeader)
		for _, s := range pack.Summarize(results(entries)) {
			cw.Write([]string{s.Strategy, strconv.Itoa(s.Signatures), strconv.FormatFloat(s.Mean, 'f', 4, 64),
				strconv.FormatFloat(s.Median, 'f', 1, 64), strconv.Itoa(s.Max), strconv.FormatFloat(s.AtOptimum, 'f', 4, 64),
				strconv.Itoa(s.Overflows), strconv.Itoa(s.SavedVsFXC), strconv.FormatFloat(s.PrefixStable, 'f', 4, 64)})
		}
		cw.Flush()
		return cw.Error()
	}
	cw.Write(csvHeader)
	for _, ce := range entries {
		if ce.Err != nil {
			cw.Write([]string{ce.File, ce.Name, "", "", "", "", "", "", "", "", strings.SplitN(ce.Err.Error(), "\n", 2)[0]})
			continue
		}
		for _, r := range ce.Results {
			cw.Write([]string{
				ce.File, ce.Name, r.Strategy, strconv.Itoa(r.GeneralRegisters), strconv.FormatBool(r.Fits),
				strconv.Itoa(r.LowerBound), strconv.FormatBool(r.Optimal), strconv.Itoa(r.Wasted),
				strconv.FormatBool(r.PrefixStable), strconv.Itoa(r.MovedVsFXC), "",
			})
		}
	}
	cw.Flush()
	return cw.Error()
}

// WriteTable writes the aligned text report: a line per signature and
// strategy (unless summaryOnly), the count, a line per strategy.
func WriteTable(w io.Writer, entries []Entry, summaryOnly bool) error {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	if !summaryOnly {
		fmt.Fprintln(tw, "file\tsignature\tstrategy\tregisters\tfits\tbound\toptimal\twasted\tprefix-stable\tmoved")
		for _, r := range rows(entries) {
			fmt.Fprintf(tw, "%s\t%s\t%s\t%d\t%s\t%d\t%s\t%d\t%s\t%d\n", cell(r.File), cell(r.Signature), r.Strategy,
				r.GeneralRegisters, yesNo(r.Fits), r.LowerBound, yesNo(r.Optimal), r.Wasted, yesNo(r.PrefixStable), r.MovedVsFXC)
		}
		if err := tw.Flush(); err != nil {
			return err
		}
		fmt.Fprintln(w)
	}
	sums := pack.Summarize(results(entries))
	n, failed := Count(entries)
	fmt.Fprintf(w, "%d signatures compared, %d failed\n", n, failed)
	fmt.Fprintln(tw, "strategy\tmean\tmedian\tmax\tat optimum\toverflows\tsaved vs fxc\tprefix-stable")
	for _, s := range sums {
		fmt.Fprintf(tw, "%s\t%.2f\t%.1f\t%d\t%.1f%%\t%d\t%d\t%.1f%%\n", s.Strategy, s.Mean, s.Median, s.Max,
			100*s.AtOptimum, s.Overflows, s.SavedVsFXC, 100*s.PrefixStable)
	}
	return tw.Flush()
}

// Count counts the entries compared and those that failed.
func Count(entries []Entry) (ok, failed int) {
	for _, ce := range entries {
		if ce.Err != nil {
			failed++
		} else {
			ok++
		}
	}
	return ok, failed
}

// cell spells a name for a cell of the table: as it is, or quoted as Go
// quotes a string when it holds what would break the table (a tab starts
// a column, a newline a row) or is not UTF-8.
func cell(s string) string {
	for _, c := range s {
		if c < ' ' || c == 0x7F || c == utf8.RuneError || c == '\u2028' || c == '\u2029' {
			return strconv.Quote(s)
		}
	}
	return s
}

func yesNo(b bool) string {
	if b {
		return "yes"
	}
	return "no"
}

// Of converts a comparison to its JSON form.
func Of(entries []Entry) Compare {
	j := Compare{Schema: Schema, Signatures: []SignatureResults{}, Summary: []Summary{}, Failures: []Failure{}}
	for _, ce := range entries {
		if ce.Err != nil {
			j.Failures = append(j.Failures, Failure{File: ce.File, Kind: ce.Kind, Signature: ce.Name, Error: ce.Err.Error()})
			continue
		}
		sr := SignatureResults{File: ce.File, Kind: ce.Kind, Signature: ce.Name, Line: ce.Pos.Line, Column: ce.Pos.Col}
		for _, r := range ce.Results {
			sr.Results = append(sr.Results, Result{
				Strategy: r.Strategy, GeneralRegisters: r.GeneralRegisters, Fits: r.Fits, LowerBound: r.LowerBound,
				Optimal: r.Optimal, Wasted: r.Wasted, PrefixStable: r.PrefixStable, MovedVsFXC: r.MovedVsFXC,
			})
		}
		j.Signatures = append(j.Signatures, sr)
	}
	for _, s := range pack.Summarize(results(entries)) {
		j.Summary = append(j.Summary, Summary{
			Strategy: s.Strategy, Signatures: s.Signatures, Mean: s.Mean, Median: s.Median, Max: s.Max,
			AtOptimum: s.AtOptimum, Overflows: s.Overflows, SavedVsFXC: s.SavedVsFXC, PrefixStable: s.PrefixStable,
		})
	}
	return j
}

// WriteJSON writes the shpack.compare/1 document (Signatures empty with
// summaryOnly).
func WriteJSON(w io.Writer, entries []Entry, summaryOnly bool) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	doc := Of(entries)
	if summaryOnly {
		doc.Signatures = []SignatureResults{}
	}
	return enc.Encode(doc)
}
