package driver

import (
	"fmt"
	"slices"

	"github.com/shpack/shpack/emit"
	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/layoutfile"
	"github.com/shpack/shpack/pack"
)

// PackOptions say how Pack lays out a signature of a unit.
type PackOptions struct {
	Sel      Selector      // the struct or function; empty: DefaultSignature's choice
	Strategy pack.Strategy // nil: optimal
	Cons     ir.Constraints
	// Indexed names arrays the shader indexes dynamically (--indexed).
	Indexed []string
	// Layout, when not nil, is applied instead of packing (ApplyLayout).
	Layout *layoutfile.File
	// HLSL asks for a function's outputs as packed HLSL writes them
	// (PackedHLSLOutputs): Packed.Vars are set then.
	HLSL bool
}

// Packed is a signature laid out by Pack.
type Packed struct {
	Layout *ir.Layout
	// Vars are the entry function's outputs for packed HLSL (PackOptions.HLSL
	// on a function that is not written for its struct).
	Vars []emit.HLSLVar
	// Notes say what a reader of the layout must know: a pixel side packed
	// on its own, elements a profile leaves out.
	Notes []ir.Note
}

// Pack lays out the signature of u for register file f that o.Sel chooses
// (DefaultSignature), as shpack FILE does: packed with o.Strategy, or as
// o.Layout says. Without a selector, an error of the chosen signature
// comes with those of the unit's other structs and functions, each once.
func Pack(u *hlsl.Unit, f *ir.RegisterFile, o PackOptions) (*Packed, error) {
	p, err := packUnit(u, f, o)
	if err != nil && o.Sel.Struct == "" && o.Sel.Entry == "" {
		err = withOtherErrors(u, err)
	}
	return p, err
}

func packUnit(u *hlsl.Unit, f *ir.RegisterFile, o PackOptions) (*Packed, error) {
	sig, err := DefaultSignature(u, f, o.Sel.Struct, o.Sel.Entry)
	if err != nil {
		return nil, err
	}
	p := &Packed{}
	if o.HLSL {
		if f.Profile.Name != "vs_3_0" || f.Dir != ir.Out {
			return nil, ir.ErrorList{{Pos: ir.Pos{File: u.Name}, Msg: "packed HLSL is written for both sides of a vs_3_0 output struct: pack it for vs_3_0", Hints: []ir.Hint{{Option: ir.OptProfile, Value: "vs_3_0"}}}}
		}
		if sig.Kind == "function" {
			// Packed HLSL for a function that returns a struct and has no
			// out parameters is written for the struct; otherwise for the
			// return value and out parameters.
			if sig, p.Vars, err = PackedHLSLOutputs(u, sig.Name); err != nil {
				return nil, err
			}
		}
	}
	cons := o.Cons
	for _, name := range o.Indexed {
		a, err := sig.IndexedArrays(name)
		if err != nil {
			return nil, fileError(u.Name, "the array %s said to be indexed: %v", name, err)
		}
		if !slices.Contains(cons.Indexed, a[0]) {
			cons.Indexed = append(cons.Indexed, a[0])
		}
	}
	st := o.Strategy
	if st == nil {
		st = pack.Optimal{}
	}
	if o.Layout != nil {
		p.Layout, err = ApplyLayout(o.Layout, sig, f)
	} else {
		p.Layout, err = pack.ForFile(st, sig, f, cons)
	}
	if err != nil {
		return nil, err
	}
	// A pixel side packed alone equals link's when it is a vertex
	// shader's whole output struct (it has POSITION0: the usual idiom of
	// one struct on both sides); otherwise the vertex shader may write
	// more and pack it otherwise.
	if f.Profile.Stage == ir.Pixel && f.Packs() && o.Layout == nil && !sig.HasPosition0() {
		p.Notes = append(p.Notes, ir.Note{Pos: sig.Pos, Msg: fmt.Sprintf("%s is packed on its own, as if a vertex shader wrote exactly what it reads: a vertex shader that writes more may put these inputs elsewhere. Link the pair, or apply the layout file the vertex shader's packing recorded", sig.Name),
			Hints: []ir.Hint{{Option: ir.OptLayout, Value: "FILE"}}})
	}
	if err := ir.CheckLayout(p.Layout); err != nil {
		return nil, fmt.Errorf("internal error: strategy %s made an invalid layout: %v", st.Name(), err)
	}
	p.Notes = append(p.Notes, OmittedNotes(p.Layout, nil)...)
	return p, nil
}

// withOtherErrors adds to the errors of the signature DefaultSignature
// chose those of the unit's other structs and functions, each problem
// once: a file's problems are all reported in one run.
func withOtherErrors(u *hlsl.Unit, err error) error {
	errs := ir.Errors(err)
	if errs == nil {
		return err
	}
	at := map[ir.Pos]bool{}
	for _, d := range errs {
		at[d.Pos] = true
	}
	for _, li := range u.List() {
		for _, d := range ir.Errors(li.Err) {
			// One problem, once: a struct's error that the chosen
			// signature reports through a member stays the member's.
			if !at[d.Pos] {
				at[d.Pos] = true
				errs = append(errs, d)
			}
		}
	}
	errs.Sort()
	return errs
}

// OmittedNotes say which elements layout l leaves out of its declarations
// (a POSITION0 a pixel shader cannot read), but those of vs, the vertex
// layout of a linked pair, which says it already.
func OmittedNotes(l, vs *ir.Layout) []ir.Note {
	var notes []ir.Note
	shared := map[ir.Pos]bool{}
	if vs != nil {
		for _, e := range vs.Sig.Elements {
			shared[e.Pos] = true
		}
	}
	for i, p := range l.Place {
		if p.Role != ir.RoleOmitted {
			continue
		}
		el := &l.Sig.Elements[i]
		if shared[el.Pos] {
			continue
		}
		notes = append(notes, ir.Note{Pos: el.Pos, Msg: fmt.Sprintf(
			"%s: %s%d cannot be a %s input; it is left out of the declarations (the pixel shader must not read it)",
			el.Name, p.Usage, p.Index, l.File.Profile.Name)})
	}
	return notes
}
