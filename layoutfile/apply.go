package layoutfile

import (
	"fmt"
	"slices"
	"strings"

	"github.com/shpack/shpack/ir"
)

// Layout returns the vertex output layout the interface describes, with
// a signature made of its outputs (named after their members, positioned
// in the layout file): what a pixel shader built in a step of its own is
// derived from (pack.Derive), exactly as it would be from the vertex
// shader's own layout.
func (it *Interface) Layout() *ir.Layout {
	f := ir.VS30Out()
	// Messages name it as the vertex shader the interface was planned
	// for, declared at the interface (pack.Derive's notes point there).
	name := "of the layout file"
	if len(it.VertexShaders) > 0 {
		name = it.VertexShaders[0]
	}
	sig := &ir.Signature{Name: name, Kind: "function", Dir: ir.Out, Pos: it.Pos}
	l := &ir.Layout{
		Sig: sig, File: f, Strategy: it.Strategy, LowerBound: -1,
		Cons: ir.Constraints{MixColor: it.MixColor, Portable: true, TexcoordNames: it.Texcoord, Family: true},
	}
	if l.Strategy == "" {
		l.Strategy = "layout file"
	}
	for _, o := range it.Outputs {
		name := o.Member
		if name == "" {
			name = o.Semantic()
		}
		sig.Elements = append(sig.Elements, ir.Element{
			Name: name, Semantic: ir.Semantic{Name: o.Usage.String(), Index: o.Index, HasIndex: true},
			Type: o.Type, Components: o.Components, Mods: o.Mods, Pos: o.Pos, Array: -1,
			Group: o.Group, Access: name,
		})
		l.Place = append(l.Place, ir.Placement{
			Reg: ir.Reg{Kind: ir.RegO, Num: o.Register}, Mask: o.Mask,
			Usage: o.DeclUsage, Index: o.DeclIndex, Role: o.Role(),
		})
	}
	return l
}

// Names lists the shaders an interface was planned for, for messages.
func (it *Interface) Names() string {
	names := append(slices.Clone(it.VertexShaders), it.PixelShaders...)
	return strings.Join(names, ", ")
}

// Find returns the interface planned for the entry point name of stage
// (ir.Vertex: VertexShaders, ir.Pixel: PixelShaders); a file of one
// interface serves any name. An error says which interfaces there are.
func (f *File) Find(name string, stage ir.Stage) (*Interface, error) {
	its, err := f.FindAll(name, stage)
	if err != nil {
		return nil, err
	}
	if len(its) > 1 {
		e := ir.Errorf(its[1].Pos, nil, "%d interfaces of the layout file are planned for %s shader %s: plan it once", len(its), stage, name)
		e.Notes = append(e.Notes, ir.Note{Pos: its[0].Pos, Msg: "the first is planned here"})
		return nil, ir.ErrorList{e}
	}
	return its[0], nil
}

// FindAll returns every interface planned for the entry point name of
// stage, or the only one; an error, saying which interfaces there are,
// when there is none. A pixel shader linked with several vertex shaders
// is in each of their interfaces.
func (f *File) FindAll(name string, stage ir.Stage) ([]*Interface, error) {
	if len(f.Interfaces) == 1 {
		return []*Interface{&f.Interfaces[0]}, nil
	}
	var out []*Interface
	for i := range f.Interfaces {
		list := f.Interfaces[i].PixelShaders
		if stage == ir.Vertex {
			list = f.Interfaces[i].VertexShaders
		}
		if slices.Contains(list, name) {
			out = append(out, &f.Interfaces[i])
		}
	}
	switch {
	case len(out) > 0:
		return out, nil
	case len(f.Interfaces) == 0:
		return nil, f.errorf("the layout file holds no interface")
	}
	var all []string
	for i := range f.Interfaces {
		all = append(all, "("+f.Interfaces[i].Names()+")")
	}
	return nil, f.errorf("no interface of the layout file is planned for %s shader %s (it holds %d: %s)", stage, name, len(f.Interfaces), strings.Join(all, ", "))
}

// Apply places the vertex outputs sig where the interface says, instead
// of packing them: every output must be in the interface with the same
// components, type kind, packing group and modifiers. Each that is not is
// an error positioned at the output, naming its semantic, with a note at
// the layout file; an interface output sig does not write is left out of
// the layout (its register, shared with others, keeps its declaration).
// The result is checked as any layout is (ir.CheckLayout).
func (it *Interface) Apply(sig *ir.Signature, fileName string) (*ir.Layout, error) {
	type key struct {
		u   ir.Usage
		idx int
	}
	c := *sig
	c.Elements = slices.Clone(sig.Elements) // Group is set from the file
	sig = &c
	outs := map[key]*Output{}
	for i := range it.Outputs {
		o := &it.Outputs[i]
		outs[key{o.Usage, o.Index}] = o
	}
	l := &ir.Layout{
		Sig: sig, File: ir.VS30Out(), Strategy: it.Strategy, LowerBound: -1,
		Cons:  ir.Constraints{MixColor: it.MixColor, Portable: true, TexcoordNames: it.Texcoord},
		Place: make([]ir.Placement, len(sig.Elements)),
	}
	if l.Strategy == "" {
		l.Strategy = "layout file"
	}
	var errs ir.ErrorList
	fail := func(e *ir.Element, o *Output, format string, args ...any) {
		err := ir.Errorf(e.Pos, e.Include, format, args...)
		pos := it.Pos
		if o != nil {
			pos = o.Pos
		}
		err.Notes = append(err.Notes, ir.Note{Pos: pos, Msg: fmt.Sprintf("the interface of %s is planned here: plan it again with this shader (--layout-out), or build this shader's pair in one call", it.Names())})
		errs = append(errs, err)
	}
	used := 0
	for i := range sig.Elements {
		e := &sig.Elements[i]
		u, idx, ok := e.Semantic.D3D9()
		if !ok {
			fail(e, nil, "%s (%s) has no Direct3D 9 semantic, so no place in the layout file", e.Semantic, e.Name)
			continue
		}
		o := outs[key{u, idx}]
		switch {
		case o == nil:
			fail(e, nil, "%s%d (%s) is not in the layout file %s: the pixel shaders built from it do not read it", u, idx, e.Name, fileName)
			continue
		case e.Components != o.Components:
			fail(e, o, "%s%d (%s) has %d components, but the layout file gives it %d", u, idx, e.Name, e.Components, o.Components)
			continue
		case e.Type.Kind() != o.Type.Kind():
			fail(e, o, "%s%d (%s) is %s, but the layout file has it as %s, in a register of another type", u, idx, e.Name, e.Type, o.Type)
			continue
		case e.Mods&^ir.ModPrecise != o.Mods&^ir.ModPrecise:
			fail(e, o, "%s%d (%s) is interpolated %q, but the layout file has %q", u, idx, e.Name, modsString(e.Mods), modsString(o.Mods))
			continue
		}
		used++
		e.Group = o.Group
		l.Place[i] = ir.Placement{
			Reg: ir.Reg{Kind: ir.RegO, Num: o.Register}, Mask: o.Mask,
			Usage: o.DeclUsage, Index: o.DeclIndex, Role: o.Role(),
		}
	}
	if len(errs) > 0 {
		errs.Sort()
		return nil, errs
	}
	// A shader that writes only part of the interface (one permutation of
	// several) may hold a register whose name-giving member it lacks.
	l.Cons.Family = used < len(it.Outputs)
	if err := ir.CheckLayout(l); err != nil {
		return nil, ir.ErrorList{ir.Errorf(sig.Pos, sig.Include, "%s cannot be placed as the layout file %s says: %v", sig.Name, fileName, err)}
	}
	return l, nil
}

func modsString(m ir.Modifiers) string {
	if s := (m &^ ir.ModPrecise).String(); s != "" {
		return s
	}
	return "linear"
}

// errorf is an error about the file's interfaces, at them when Read
// found them.
func (f *File) errorf(format string, args ...any) error {
	pos := f.Pos
	if pos.File == "" {
		pos = ir.Pos{File: f.Name}
	}
	return ir.ErrorList{ir.Errorf(pos, nil, format, args...)}
}
