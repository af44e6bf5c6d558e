package emit

import (
	"bufio"
	"fmt"
	"io"
	"strings"
	"text/tabwriter"

	"github.com/shpack/shpack/ir"
)

// An Entry is one signature-carrying declaration for listing: a struct with
// its elements, or a function with its inputs and outputs, or the error that
// stopped its lowering.
type Entry struct {
	Kind    string // "struct" or "function"
	Name    string
	Pos     ir.Pos
	Err     error
	Sig     *ir.Signature // struct
	In, Out *ir.Signature // function
}

// ListJSON is the JSON form of a listing.
type ListJSON struct {
	Source     string          `json:"source"`
	Signatures []SignatureJSON `json:"signatures"`
}

// SignatureJSON is one listed struct or function. Structs carry elements,
// functions inputs and outputs; error holds the full diagnostic text when
// lowering failed (and the element lists are then empty).
type SignatureJSON struct {
	Kind     string             `json:"kind"`
	Name     string             `json:"name"`
	File     string             `json:"file"`
	Line     int                `json:"line"`
	Column   int                `json:"column"`
	Error    string             `json:"error"`
	Elements *[]ListElementJSON `json:"elements,omitempty"`
	Inputs   *[]ListElementJSON `json:"inputs,omitempty"`
	Outputs  *[]ListElementJSON `json:"outputs,omitempty"`
}

// ListElementJSON is one element as declared, before any packing: the
// semantic as written (upper case, SV_ names kept).
type ListElementJSON struct {
	Name          string `json:"name"`
	Semantic      string `json:"semantic"`
	Index         int    `json:"index"`
	Components    int    `json:"components"`
	Type          string `json:"type"`
	Interpolation string `json:"interpolation"`
	Centroid      bool   `json:"centroid"`
	Precise       bool   `json:"precise"`
	File          string `json:"file"`
	Line          int    `json:"line"`
	Column        int    `json:"column"`
}

func listElements(sig *ir.Signature) *[]ListElementJSON {
	out := []ListElementJSON{}
	if sig != nil {
		for _, e := range sig.Elements {
			out = append(out, ListElementJSON{
				Name: e.Name, Semantic: e.Semantic.Name, Index: e.Semantic.Index,
				Components: e.Components, Type: e.Type.String(),
				Interpolation: e.Mods.Interpolation(), Centroid: e.Centroid(), Precise: e.Mods&ir.ModPrecise != 0,
				File: e.Pos.File, Line: e.Pos.Line, Column: e.Pos.Col,
			})
		}
	}
	return &out
}

// NewListJSON converts a listing for printing; source names the input file.
func NewListJSON(source string, entries []Entry) ListJSON {
	j := ListJSON{Source: source, Signatures: []SignatureJSON{}}
	for _, en := range entries {
		s := SignatureJSON{Kind: en.Kind, Name: en.Name, File: en.Pos.File, Line: en.Pos.Line, Column: en.Pos.Col}
		if en.Err != nil {
			s.Error = en.Err.Error()
		}
		if en.Kind == "struct" {
			s.Elements = listElements(en.Sig)
		} else {
			s.Inputs = listElements(en.In)
			s.Outputs = listElements(en.Out)
		}
		j.Signatures = append(j.Signatures, s)
	}
	return j
}

// ListJSONTo writes a listing as indented JSON.
func ListJSONTo(w io.Writer, source string, entries []Entry) error {
	return writeJSON(w, NewListJSON(source, entries))
}

// ListText writes a listing as readable tables: a heading per struct or
// function, then one aligned row per element.
func ListText(w io.Writer, source string, entries []Entry) error {
	bw := bufio.NewWriter(w)
	if len(entries) == 0 {
		fmt.Fprintf(bw, "%s: no struct or function with semantics\n", source)
	}
	for i, en := range entries {
		if i > 0 {
			fmt.Fprintln(bw)
		}
		fmt.Fprintf(bw, "%s %s  (%s)\n", en.Kind, en.Name, en.Pos)
		if en.Err != nil {
			for _, line := range strings.Split(en.Err.Error(), "\n") {
				fmt.Fprintf(bw, "  %s\n", line)
			}
			continue
		}
		tw := tabwriter.NewWriter(bw, 0, 0, 2, ' ', 0)
		if en.Kind == "struct" {
			table(tw, "", en.Sig)
		} else {
			table(tw, "in", en.In)
			table(tw, "out", en.Out)
		}
		tw.Flush()
	}
	return bw.Flush()
}

// table writes one row per element; prefix ("in", "out") marks a
// function's sides, which share the columns.
func table(w io.Writer, prefix string, sig *ir.Signature) {
	lead := "  "
	if prefix != "" {
		lead = "  " + prefix + "\t"
	}
	if sig == nil || len(sig.Elements) == 0 {
		if prefix != "" {
			fmt.Fprintf(w, "%s(none)\n", lead)
		}
		return
	}
	for _, e := range sig.Elements {
		typ := typeName(&e)
		mods := e.Mods.String()
		if mods == "" {
			mods = "-"
		}
		fmt.Fprintf(w, "%s%s\t%s\t%s\t%s\t%s\n", lead, e.Name, e.Semantic.Name+fmt.Sprint(e.Semantic.Index), typ, mods, e.Pos)
	}
}
