package emit

import (
	"encoding/json"
	"io"

	"github.com/shpack/shpack/ir"
)

// The schemas of the JSON documents (docs/json.md describes every field).
// A version changes only when a field changes meaning or goes away; new
// fields may appear within a version.
const (
	LayoutSchema = "shpack.layout/1" // JSON: one layout
	LinkSchema   = "shpack.link/1"   // LinkJSON: a linked pair
	ListSchema   = "shpack.list/1"   // ListJSONTo
)

// LayoutJSON is the JSON form of a layout. Field names and meanings are
// stable: later versions only add fields.
type LayoutJSON struct {
	// Schema is LayoutSchema for a layout printed alone, and absent where
	// a layout is part of another document.
	Schema           string        `json:"schema,omitempty"`
	Source           string        `json:"source"`            // the input file as named on the command line
	Profile          string        `json:"profile"`           // "vs_3_0"
	Direction        string        `json:"direction"`         // "out" or "in"
	Signature        string        `json:"signature"`         // struct or function name
	Strategy         string        `json:"strategy"`          // packing strategy
	Registers        int           `json:"registers"`         // distinct registers used
	GeneralRegisters int           `json:"general_registers"` // registers other than POSITION0's and PSIZE's
	LowerBound       int           `json:"lower_bound"`       // proven lower bound on general registers, -1 if unknown
	Optimal          bool          `json:"optimal"`           // general_registers equals the proven lower bound
	Portable         bool          `json:"portable"`          // one full-mask declaration per register (see declared_as)
	Elements         []ElementJSON `json:"elements"`          // in signature order
}

// ElementJSON is one element of a layout.
type ElementJSON struct {
	Name          string `json:"name"`          // member path: "Tex[3]"
	Semantic      string `json:"semantic"`      // Direct3D 9 usage, upper case: "TEXCOORD"
	Index         int    `json:"index"`         // usage index
	Components    int    `json:"components"`    // 1..4
	Register      string `json:"register"`      // "o2"; "" when left out of this side
	Mask          string `json:"mask"`          // always spelled out: "xyz", "xyzw" for POSITION0 and PSIZE
	Interpolation string `json:"interpolation"` // "linear", "nointerpolation", ...
	Centroid      bool   `json:"centroid"`
	File          string `json:"file"` // file of the declaration (an include can differ from source)
	Line          int    `json:"line"`
	Column        int    `json:"column"`
	// DeclaredAs is the semantic the element's register is declared with:
	// the element's own, or in a portable layout the semantic of the member
	// that names the shared register. The other stage must read it there.
	DeclaredAs SemanticJSON `json:"declared_as"`
}

// SemanticJSON is a Direct3D 9 semantic: usage and index.
type SemanticJSON struct {
	Semantic string `json:"semantic"`
	Index    int    `json:"index"`
}

// NewLayoutJSON converts a layout for printing; source names the input file.
func NewLayoutJSON(l *ir.Layout, source string) LayoutJSON {
	j := LayoutJSON{
		Source:           source,
		Profile:          l.File.Profile.Name,
		Direction:        l.File.Dir.String(),
		Signature:        l.Sig.Name,
		Strategy:         l.Strategy,
		Registers:        l.Registers(),
		GeneralRegisters: l.GeneralRegisters(),
		LowerBound:       l.LowerBound,
		Optimal:          l.Optimal(),
		Portable:         l.Cons.Portable,
		Elements:         make([]ElementJSON, len(l.Place)),
	}
	for i, p := range l.Place {
		e := &l.Sig.Elements[i]
		u, idx, _ := e.Semantic.D3D9()
		ej := ElementJSON{
			Name:          e.Name,
			Semantic:      u.String(),
			Index:         idx,
			Components:    e.Components,
			Mask:          p.Mask.String(),
			Interpolation: interpolation(l, e),
			Centroid:      e.Centroid(),
			File:          e.Pos.File,
			Line:          e.Pos.Line,
			Column:        e.Pos.Col,
			DeclaredAs:    SemanticJSON{p.Usage.String(), p.Index},
		}
		if p.Reg != ir.NoReg {
			ej.Register = p.Reg.String()
		}
		j.Elements[i] = ej
	}
	return j
}

// interpolation is an element's interpolation mode, "" for pixel shader
// outputs (render targets and depth are not interpolated).
func interpolation(l *ir.Layout, e *ir.Element) string {
	if l.File.Profile.Stage == ir.Pixel && l.File.Dir == ir.Out {
		return ""
	}
	return e.Mods.Interpolation()
}

// JSON writes the layout as indented JSON followed by a newline.
func JSON(w io.Writer, l *ir.Layout, source string) error {
	j := NewLayoutJSON(l, source)
	j.Schema = LayoutSchema
	return writeJSON(w, j)
}

func writeJSON(w io.Writer, v any) error {
	enc := json.NewEncoder(w)
	enc.SetIndent("", "  ")
	enc.SetEscapeHTML(false)
	return enc.Encode(v)
}

// LinkJSONDoc is the document LinkJSON writes.
type LinkJSONDoc struct {
	Schema string     `json:"schema"`
	VS     LayoutJSON `json:"vs"`
	PS     LayoutJSON `json:"ps"`
}

// LinkJSON writes a linked pair as {"schema": LinkSchema, "vs": LAYOUT,
// "ps": LAYOUT}, each in the shape of NewLayoutJSON.
func LinkJSON(w io.Writer, vs *ir.Layout, vsSource string, ps *ir.Layout, psSource string) error {
	return writeJSON(w, LinkJSONDoc{LinkSchema, NewLayoutJSON(vs, vsSource), NewLayoutJSON(ps, psSource)})
}

// EffectSchema names the format of EffectJSON's document.
const EffectSchema = "shpack.link.effect/1"

// PassLayouts is one linked pass for EffectJSON.
type PassLayouts struct {
	Technique, Pass string
	VS, PS          *ir.Layout
	// VSName is the vertex shader's entry function, and Pos the pass's
	// position (PassFileNames names files by them).
	VSName string
	Pos    ir.Pos
}

// PassJSONLayouts is one pass of an effect document.
type PassJSONLayouts struct {
	Technique string     `json:"technique"`
	Pass      string     `json:"pass"`
	VS        LayoutJSON `json:"vs"`
	PS        LayoutJSON `json:"ps"`
}

// EffectJSONDoc is the document EffectJSON writes.
type EffectJSONDoc struct {
	Schema string            `json:"schema"`
	Source string            `json:"source"`
	Passes []PassJSONLayouts `json:"passes"`
}

// EffectJSON writes every linked pass of an effect: {"schema": ...,
// "source": ..., "passes": [{"technique", "pass", "vs", "ps"}, ...]}, the
// layouts as LinkJSON gives them.
func EffectJSON(w io.Writer, source string, passes []PassLayouts) error {
	doc := EffectJSONDoc{Schema: EffectSchema, Source: source, Passes: []PassJSONLayouts{}}
	for _, p := range passes {
		doc.Passes = append(doc.Passes, PassJSONLayouts{Technique: p.Technique, Pass: p.Pass,
			VS: NewLayoutJSON(p.VS, source), PS: NewLayoutJSON(p.PS, source)})
	}
	return writeJSON(w, doc)
}

// VariantsSchema names the format of VariantsJSON's document.
const VariantsSchema = "shpack.variants/1"

// A VariantLayouts is one variant for VariantsJSON: its name, definitions,
// and its layout (pack) or its two layouts (link).
type VariantLayouts struct {
	Name    string
	Defines []string
	Own     int // general registers the variant needs alone
	Layout  *ir.Layout
	VS, PS  *ir.Layout
}

// VariantJSON is one variant of a variants document.
type VariantJSON struct {
	Name    string   `json:"name"`
	Defines []string `json:"defines"`
	// GeneralRegisters is what the variant uses in the family, Own what
	// it would need alone.
	GeneralRegisters int         `json:"general_registers"`
	Own              int         `json:"own"`
	Layout           *LayoutJSON `json:"layout,omitempty"`
	VS               *LayoutJSON `json:"vs,omitempty"`
	PS               *LayoutJSON `json:"ps,omitempty"`
}

// VariantsJSONDoc is the document VariantsJSON writes.
type VariantsJSONDoc struct {
	Schema string `json:"schema"`
	Source string `json:"source"`
	// Largest is the general registers of the largest variant; LowerBound
	// the largest variant's own optimum, a bound on it; Optimal says that
	// no consistent layout has a smaller largest variant.
	Largest    int           `json:"largest"`
	LowerBound int           `json:"lower_bound"`
	Optimal    bool          `json:"optimal"`
	Variants   []VariantJSON `json:"variants"`
}

// VariantsJSON writes the family layout of a shader's variants.
func VariantsJSON(w io.Writer, source string, largest, lowerBound int, optimal bool, vars []VariantLayouts) error {
	doc := VariantsJSONDoc{Schema: VariantsSchema, Source: source, Largest: largest, LowerBound: lowerBound, Optimal: optimal, Variants: []VariantJSON{}}
	for _, v := range vars {
		j := VariantJSON{Name: v.Name, Defines: append([]string{}, v.Defines...), Own: v.Own}
		if v.Layout != nil {
			l := NewLayoutJSON(v.Layout, source)
			j.Layout, j.GeneralRegisters = &l, l.GeneralRegisters
		}
		if v.VS != nil {
			vl, pl := NewLayoutJSON(v.VS, source), NewLayoutJSON(v.PS, source)
			j.VS, j.PS, j.GeneralRegisters = &vl, &pl, vl.GeneralRegisters
		}
		doc.Variants = append(doc.Variants, j)
	}
	return writeJSON(w, doc)
}
