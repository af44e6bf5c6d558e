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
	Schema     string          `json:"schema"` // ListSchema
	Source     string          `json:"source"`
	Signatures []SignatureJSON `json:"signatures"`
	Techniques []TechniqueJSON `json:"techniques"`
}

// TechniqueJSON is one technique of an effect.
type TechniqueJSON struct {
	Name    string     `json:"name"`
	Keyword string     `json:"keyword"` // technique, technique10, ...
	File    string     `json:"file"`
	Line    int        `json:"line"`
	Column  int        `json:"column"`
	Passes  []PassJSON `json:"passes"`
}

// PassJSON is one pass of a technique and the shaders it sets.
type PassJSON struct {
	Name   string          `json:"name"`
	Line   int             `json:"line"`
	Column int             `json:"column"`
	VS     []ShaderRefJSON `json:"vs"`
	PS     []ShaderRefJSON `json:"ps"`
}

// ShaderRefJSON is one shader a pass sets: a compiled function, NULL, an
// asm block, or a shader variable that could not be resolved.
type ShaderRefJSON struct {
	Kind    string `json:"kind"` // "compile", "null", "asm", "unresolved"
	Profile string `json:"profile,omitempty"`
	Entry   string `json:"entry,omitempty"`
	Args    string `json:"args,omitempty"`
	Var     string `json:"variable,omitempty"`
	Line    int    `json:"line"`
	Column  int    `json:"column"`
}

func refJSON(refs []ir.ShaderRef) []ShaderRefJSON {
	out := []ShaderRefJSON{}
	for _, r := range refs {
		j := ShaderRefJSON{Kind: refKind(r), Profile: r.Profile, Entry: r.Entry, Args: r.Args, Var: r.Var, Line: r.Pos.Line, Column: r.Pos.Col}
		out = append(out, j)
	}
	return out
}

func refKind(r ir.ShaderRef) string {
	switch {
	case r.Null:
		return "null"
	case r.Asm:
		return "asm"
	case r.Unresolved:
		return "unresolved"
	}
	return "compile"
}

// refText spells a shader a pass sets: "vs_3_0 LitVS(true)", "NULL".
func refText(r ir.ShaderRef) string {
	var s string
	switch refKind(r) {
	case "null":
		s = "NULL"
	case "asm":
		s = "asm { ... }"
	case "unresolved":
		return r.Var + " (not a compiled shader of this file)"
	default:
		s = r.Profile + " " + r.Entry + "(" + r.Args + ")"
	}
	if r.Var != "" {
		s += " (" + r.Var + ")"
	}
	return s
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
func NewListJSON(source string, entries []Entry, techs []ir.Technique) ListJSON {
	j := ListJSON{Schema: ListSchema, Source: source, Signatures: []SignatureJSON{}, Techniques: []TechniqueJSON{}}
	for _, t := range techs {
		tj := TechniqueJSON{Name: t.Name, Keyword: t.Keyword, File: t.Pos.File, Line: t.Pos.Line, Column: t.Pos.Col, Passes: []PassJSON{}}
		for _, p := range t.Passes {
			tj.Passes = append(tj.Passes, PassJSON{Name: p.Name, Line: p.Pos.Line, Column: p.Pos.Col, VS: refJSON(p.VS), PS: refJSON(p.PS)})
		}
		j.Techniques = append(j.Techniques, tj)
	}
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
func ListJSONTo(w io.Writer, source string, entries []Entry, techs []ir.Technique) error {
	return writeJSON(w, NewListJSON(source, entries, techs))
}

// ListText writes a listing as readable tables: a heading per struct or
// function, then one aligned row per element; then each technique with
// the shaders its passes set.
func ListText(w io.Writer, source string, entries []Entry, techs []ir.Technique) error {
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
	listTechniques(bw, techs)
	return bw.Flush()
}

// listTechniques writes each technique and the shaders its passes set.
func listTechniques(bw *bufio.Writer, techs []ir.Technique) {
	for _, t := range techs {
		fmt.Fprintln(bw)
		name := t.Name
		if name == "" {
			name = "(unnamed)"
		}
		fmt.Fprintf(bw, "%s %s  (%s)\n", t.Keyword, name, t.Pos)
		tw := tabwriter.NewWriter(bw, 0, 0, 2, ' ', 0)
		if len(t.Passes) == 0 {
			fmt.Fprintf(tw, "  (no passes)\n")
		}
		for _, p := range t.Passes {
			pname := p.Name
			if pname == "" {
				pname = "(unnamed)"
			}
			if len(p.VS) == 0 && len(p.PS) == 0 {
				fmt.Fprintf(tw, "  pass %s\t-\t(sets no shader)\t%s\n", pname, p.Pos)
			}
			for _, r := range p.VS {
				fmt.Fprintf(tw, "  pass %s\tvs\t%s\t%s\n", pname, refText(r), r.Pos)
			}
			for _, r := range p.PS {
				fmt.Fprintf(tw, "  pass %s\tps\t%s\t%s\n", pname, refText(r), r.Pos)
			}
		}
		tw.Flush()
	}
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
