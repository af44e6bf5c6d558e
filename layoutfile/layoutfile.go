// Package layoutfile owns the layout file: the interface between a vertex
// and a pixel shader as shpack planned it, written by --layout-out and
// applied by --layout, so that the two stages can be built in separate
// steps (separate processes, separate machines) and still agree.
//
// The document is JSON, "schema": "shpack.interface/1" (docs/json.md). It
// holds one interface per linked set: the vertex and pixel shaders it was
// planned for, how its registers are named, and for every vertex output
// its semantic, register, components, declared semantic, type and
// modifiers. That is all a stage needs: a vertex shader built from it
// writes each semantic where the file says (Apply); a pixel shader built
// from it derives its inputs from the vertex layout the file describes
// (Layout), exactly as when both stages are linked in one call, so the
// two sides cannot disagree unless the sources changed, and then the
// stage that reads or writes what the file does not hold is an error
// naming the semantic.
//
// The package reads and writes the document and turns it into ir.Layouts;
// which layout a command plans, and what it does with one it applies, is
// the driver's.
package layoutfile

import (
	"bytes"
	"encoding/json"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/shpack/shpack/ir"
)

// Schema is the document's "schema" value. A reader refuses any other:
// a new version is a new name.
const Schema = "shpack.interface/1"

// A File is a layout file: its interfaces, in the order they were planned.
type File struct {
	Name       string // the file's name, for messages
	Interfaces []Interface
	// Pos is where the file's "interfaces" are (Read): what an error about
	// them all is positioned at.
	Pos ir.Pos
}

// An Interface is the vertex output layout of one linked set.
type Interface struct {
	// VertexShaders and PixelShaders name the entry points it was
	// planned for (a pixel shader alone may be absent).
	VertexShaders, PixelShaders []string
	// Variants names the permutations (of a variants file) whose vertex
	// shaders write this interface, when it is one of a family planned
	// for several (rewrite --variants): each semantic sits at the same
	// declared register and components in every interface of the family,
	// and a pixel shader built from the file is derived from those that
	// write everything it reads. Empty for an interface of one build.
	Variants []string
	// Texcoord says every general register is declared TEXCOORDn, in
	// register order (--semantics=texcoord).
	Texcoord bool
	// MixColor says COLOR outputs may share registers with others.
	MixColor bool
	Strategy string
	Outputs  []Output
	Pos      ir.Pos // where the interface starts in the file (Read)
}

// An Output is one vertex output's place.
type Output struct {
	Usage      ir.Usage // its own semantic
	Index      int
	Member     string  // the member it came from ("VS_OUTPUT.uv"), for messages
	Register   int     // oN
	Mask       ir.Mask // the components it occupies (POSITION0, PSIZE: xyzw)
	Components int
	// DeclUsage and DeclIndex are the semantic its register is declared
	// with (another member's in a portable layout, TEXCOORDn with
	// --semantics=texcoord).
	DeclUsage ir.Usage
	DeclIndex int
	Type      ir.ScalarType
	Mods      ir.Modifiers
	// Written is the components a compiled vertex program declares the
	// output with, in its own letters, when they do not start at x (a
	// layout repack plans from a program that packs registers itself);
	// 0: from x, as compilers declare outputs. A pixel shader repacked
	// alone reads the letters the vertex shader wrote.
	Written ir.Mask
	// Group is the packing group (ir.Element.Group): outputs of other
	// groups never share a register.
	Group uint8
	Pos   ir.Pos // where it is written in the file (Read)
}

// AddVariant adds interface it, planned for some variants of a family
// (Interface.Variants), to the family's interfaces: to one that holds the
// same outputs for the same shaders, its variants joined, or as one more.
func AddVariant(family []Interface, it Interface) []Interface {
	for k := range family {
		f := &family[k]
		if slices.Equal(f.VertexShaders, it.VertexShaders) && slices.Equal(f.PixelShaders, it.PixelShaders) && slices.Equal(f.Outputs, it.Outputs) {
			f.Variants = append(slices.Clone(f.Variants), it.Variants...)
			return family
		}
	}
	return append(family, it)
}

// writtenString spells Output.Written, "" for 0.
func writtenString(m ir.Mask) string {
	if m == 0 {
		return ""
	}
	return m.String()
}

// Semantic spells the output's own semantic: "TEXCOORD3".
func (o *Output) Semantic() string { return o.Usage.String() + strconv.Itoa(o.Index) }

// FromLayout records a vertex output layout (portable, vs_3_0) as an
// interface for the shaders named.
func FromLayout(l *ir.Layout, vs, ps []string) (Interface, error) {
	if l.File.Profile.Name != "vs_3_0" || l.File.Dir != ir.Out || !l.Cons.Portable {
		return Interface{}, fmt.Errorf("layoutfile: a layout file records a portable vs_3_0 output layout, not %s %s", l.File.Profile.Name, l.File.Dir)
	}
	it := Interface{
		VertexShaders: slices.Clone(vs), PixelShaders: slices.Clone(ps),
		Texcoord: l.Cons.TexcoordNames, MixColor: l.Cons.MixColor, Strategy: l.Strategy,
	}
	for i, p := range l.Place {
		e := &l.Sig.Elements[i]
		if p.Reg == ir.NoReg {
			continue
		}
		u, idx, _ := e.Semantic.D3D9()
		it.Outputs = append(it.Outputs, Output{
			Usage: u, Index: idx, Member: member(l.Sig, e), Register: p.Reg.Num, Mask: p.Mask,
			Components: e.Components, DeclUsage: p.Usage, DeclIndex: p.Index,
			Type: e.Type, Mods: e.Mods, Group: e.Group,
		})
	}
	return it, nil
}

func member(sig *ir.Signature, e *ir.Element) string {
	if sig.Name == "" {
		return e.Name
	}
	return sig.Name + "." + e.Name
}

// The JSON form. Field order is the order written.
type jsonFile struct {
	Schema     string          `json:"schema"`
	Interfaces []jsonInterface `json:"interfaces"`
}

type jsonInterface struct {
	VertexShaders []string     `json:"vertex_shaders"`
	PixelShaders  []string     `json:"pixel_shaders"`
	Variants      []string     `json:"variants,omitempty"`
	Semantics     string       `json:"semantics"`
	MixColor      bool         `json:"mix_color"`
	Strategy      string       `json:"strategy,omitempty"`
	Registers     int          `json:"general_registers"`
	Outputs       []jsonOutput `json:"outputs"`
}

type jsonOutput struct {
	Semantic   string `json:"semantic"`
	Member     string `json:"member,omitempty"`
	Register   string `json:"register"`
	Mask       string `json:"mask"`
	Components int    `json:"components"`
	DeclaredAs string `json:"declared_as"`
	Type       string `json:"type"`
	Modifiers  string `json:"modifiers,omitempty"`
	Group      int    `json:"group,omitempty"`
	Written    string `json:"written,omitempty"`
}

// Marshal writes the document: indented JSON, one line per output, ending
// in a newline; the same interfaces give the same bytes.
func Marshal(ifaces []Interface) []byte {
	doc := jsonFile{Schema: Schema, Interfaces: []jsonInterface{}}
	for _, it := range ifaces {
		ji := jsonInterface{
			VertexShaders: nonNil(it.VertexShaders), PixelShaders: nonNil(it.PixelShaders), Variants: it.Variants,
			Semantics: "member", MixColor: it.MixColor, Strategy: it.Strategy, Outputs: []jsonOutput{},
		}
		if it.Texcoord {
			ji.Semantics = "texcoord"
		}
		regs := map[int]bool{}
		for _, o := range it.Outputs {
			if o.Role() == ir.RoleGeneral {
				regs[o.Register] = true
			}
			ji.Outputs = append(ji.Outputs, jsonOutput{
				Semantic: o.Semantic(), Member: o.Member, Register: "o" + strconv.Itoa(o.Register),
				Mask: o.Mask.String(), Components: o.Components,
				DeclaredAs: o.DeclUsage.String() + strconv.Itoa(o.DeclIndex),
				Type:       o.Type.String(), Modifiers: o.Mods.String(), Group: int(o.Group), Written: writtenString(o.Written),
			})
		}
		ji.Registers = len(regs)
		doc.Interfaces = append(doc.Interfaces, ji)
	}
	// One output per line keeps a diff of two plans readable.
	var b bytes.Buffer
	b.WriteString("{\n  \"schema\": " + compact(doc.Schema) + ",\n  \"interfaces\": [")
	for k, ji := range doc.Interfaces {
		if k > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n    {\n")
		fmt.Fprintf(&b, "      \"vertex_shaders\": %s,\n", compact(ji.VertexShaders))
		fmt.Fprintf(&b, "      \"pixel_shaders\": %s,\n", compact(ji.PixelShaders))
		if len(ji.Variants) > 0 {
			fmt.Fprintf(&b, "      \"variants\": %s,\n", compact(ji.Variants))
		}
		fmt.Fprintf(&b, "      \"semantics\": %s,\n", compact(ji.Semantics))
		fmt.Fprintf(&b, "      \"mix_color\": %t,\n", ji.MixColor)
		if ji.Strategy != "" {
			fmt.Fprintf(&b, "      \"strategy\": %s,\n", compact(ji.Strategy))
		}
		fmt.Fprintf(&b, "      \"general_registers\": %d,\n", ji.Registers)
		b.WriteString("      \"outputs\": [")
		for i, o := range ji.Outputs {
			if i > 0 {
				b.WriteByte(',')
			}
			b.WriteString("\n        " + compact(o))
		}
		b.WriteString("\n      ]\n    }")
	}
	if len(doc.Interfaces) > 0 {
		b.WriteString("\n  ")
	}
	b.WriteString("]\n}\n")
	return b.Bytes()
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}

// compact is json.Marshal of a value that cannot fail to marshal, with
// HTML characters left as they are.
func compact(v any) string {
	var b bytes.Buffer
	enc := json.NewEncoder(&b)
	enc.SetEscapeHTML(false)
	if err := enc.Encode(v); err != nil {
		panic("layoutfile: " + err.Error()) // strings, ints and bools only
	}
	return strings.TrimSuffix(b.String(), "\n")
}

// Role is the output's role in vs_3_0's output registers.
func (o *Output) Role() ir.Role { return ir.VS30Out().RoleOf(o.Usage, o.Index) }
