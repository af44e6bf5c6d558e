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

// PackOptions say what Pack lays out, and how.
type PackOptions struct {
	Packing
	// PP preprocesses the source.
	PP hlsl.PPOptions
	// File is the register file packed; nil: vs_3_0 outputs.
	File *ir.RegisterFile
	// Select picks the signature; empty: the file's default (see Pack).
	Select Selector
	// HLSL asks for a function's outputs as packed HLSL writes them
	// (emit.HLSLEntry): PackResult.Vars are set then. vs_3_0 outputs only.
	HLSL bool
	// Variants, when set, packs the signature in every permutation as one
	// family (vs_3_0 outputs): a semantic has one register, components
	// and declared semantic in every variant that has it, so that any
	// variant's pixel shader reads any variant's vertex shader that writes
	// it. The result has Variants and Family then, and no Layout.
	Variants []Variant
	// LayoutOut records the layouts as a layout file's interfaces
	// (PackResult.Interfaces), for a stage built in another step.
	LayoutOut bool
}

// PackResult is what Pack laid out.
type PackResult struct {
	// Layout is the signature's layout. A signature that does not fit
	// comes back with the error and the layout it would need, past the
	// register file's registers: a map or JSON can show it, no assembly
	// can declare it.
	Layout *ir.Layout
	// Vars are the entry function's outputs for packed HLSL
	// (PackOptions.HLSL on a function that is not written for its struct).
	Vars []emit.HLSLVar
	// Variants are the permutations' layouts, each with what it needs
	// alone, and Family what the family costs (PackOptions.Variants).
	Variants []emit.VariantLayouts
	Family   emit.Family
	// Notes say what a reader of the layout must know: what a family
	// costs, a pixel side packed on its own, elements a profile leaves
	// out. Those with Packed set say what was packed; the others say more
	// to who asks.
	Notes []ir.Note
	// Warnings are the preprocessor's (missing includes when allowed),
	// with an error too.
	Warnings ir.ErrorList
	// Deps are the files read: the source and its includes.
	Deps []string
	// Interfaces are the layouts as a layout file records them
	// (LayoutOut).
	Interfaces []layoutfile.Interface
}

// Pack lays out one signature of src for o.File: packed with o.Strategy,
// or as o.Layout says; as shpack FILE does. o.Select names the struct or
// the entry point (its inputs or outputs, by the file's direction), or
// by default Pack takes:
//   - the vertex shaders of the file's techniques (their pixel shaders for
//     a pixel side), when they compile one function;
//   - else the only struct with semantics that a function returns (if
//     several, the only one of them that is valid for the file: with a
//     POSITION0 member for vertex outputs);
//   - else the only valid struct, or the only struct with semantics.
//
// When it cannot choose, the error lists the candidates as notes, with a
// hint to name one. Without a selector, an error of the chosen signature
// comes with those of the file's other structs and functions, each once.
// Errors about the input are an ir.ErrorList; the result that comes with
// one, when not nil, carries the warnings (and an overflowing layout).
func Pack(src Source, o PackOptions) (*PackResult, error) {
	f := o.File
	if f == nil {
		f = ir.VS30Out()
	}
	if len(o.Variants) > 0 {
		return packVariants(src, f, o)
	}
	pp := o.PP
	u, err := hlsl.ParseFile(src.Name, src.Src, &pp)
	res := &PackResult{}
	if u != nil {
		res.Warnings, res.Deps = u.PP.Warnings, u.PP.Files
	}
	if err != nil {
		return res, err
	}
	err = packUnit(u, f, o, res)
	if err != nil && o.Select.isZero() {
		err = withOtherErrors(u, err)
	}
	return res, err
}

// packUnit lays out the signature of u that o selects into res.
func packUnit(u *hlsl.Unit, f *ir.RegisterFile, o PackOptions, res *PackResult) error {
	sel, err := resolveTechnique(u, o.Select, f.Profile.Stage)
	if err != nil {
		return err
	}
	sig, err := selectSignature(u, f, sel)
	if err != nil {
		return err
	}
	if o.HLSL {
		if f.Profile.Name != "vs_3_0" || f.Dir != ir.Out {
			return ir.ErrorList{{Pos: ir.Pos{File: u.Name}, Msg: "packed HLSL is written for both sides of a vs_3_0 output struct: pack it for vs_3_0", Hints: []ir.Hint{{Option: ir.OptProfile, Value: "vs_3_0"}}}}
		}
		if sig.Kind == "function" {
			// Packed HLSL for a function that returns a struct and has no
			// out parameters is written for the struct; otherwise for the
			// return value and out parameters.
			if sig, res.Vars, err = packedHLSLOutputs(u, sig.Name); err != nil {
				return err
			}
		}
	}
	cons, err := withIndexed(o.Packing, sig, u.Name)
	if err != nil {
		return err
	}
	st := o.strategy()
	if o.Layout != nil {
		res.Layout, err = applyLayout(o.Layout, sig, f)
	} else {
		res.Layout, err = pack.ForFile(st, sig, f, cons)
	}
	if err != nil {
		return err // with the layout an overflow would need, if any
	}
	// A pixel side packed alone equals link's when it is a vertex
	// shader's whole output struct (it has POSITION0: the usual idiom of
	// one struct on both sides); otherwise the vertex shader may write
	// more and pack it otherwise.
	if f.Profile.Stage == ir.Pixel && f.Packs() && o.Layout == nil && !sig.HasPosition0() {
		res.Notes = append(res.Notes, ir.Note{Pos: sig.Pos, Msg: fmt.Sprintf("%s is packed on its own, as if a vertex shader wrote exactly what it reads: a vertex shader that writes more may put these inputs elsewhere. Link the pair, or apply the layout file the vertex shader's packing recorded", sig.Name),
			Hints: []ir.Hint{{Option: ir.OptLayout, Value: "FILE"}}})
	}
	if err := ir.CheckLayout(res.Layout); err != nil {
		res.Layout = nil
		return fmt.Errorf("internal error: strategy %s made an invalid layout: %v", st.Name(), err)
	}
	res.Notes = append(res.Notes, omittedNotes(res.Layout, nil)...)
	if o.LayoutOut {
		it, err := layoutfile.FromLayout(res.Layout, []string{res.Layout.Sig.Name}, nil)
		if err != nil {
			return err
		}
		res.Interfaces = []layoutfile.Interface{it}
	}
	return nil
}

// withIndexed are p's constraints with its indexed arrays, found in sig
// (of the file named file).
func withIndexed(p Packing, sig *ir.Signature, file string) (ir.Constraints, error) {
	cons := p.constraints()
	for _, name := range p.Indexed {
		a, err := sig.IndexedArrays(name)
		if err != nil {
			return cons, fileError(file, "the array %s said to be indexed: %v", name, err)
		}
		if !slices.Contains(cons.Indexed, a[0]) {
			cons.Indexed = append(cons.Indexed, a[0])
		}
	}
	return cons, nil
}

// resolveTechnique turns a selector's technique into the entry point of
// the shader of stage that its first pass compiles.
func resolveTechnique(u *hlsl.Unit, sel Selector, stage ir.Stage) (Selector, error) {
	if sel.Technique == "" {
		return sel, nil
	}
	for _, t := range u.Techniques() {
		if t.Name != sel.Technique {
			continue
		}
		for _, p := range t.Passes {
			refs := p.VS
			if stage == ir.Pixel {
				refs = p.PS
			}
			for _, r := range refs {
				if r.Entry != "" {
					return Selector{Entry: r.Entry}, nil
				}
			}
		}
		return sel, ir.ErrorList{&ir.Error{Pos: t.Pos, Msg: "technique " + sel.Technique + " compiles no " + stage.String() + " shader"}}
	}
	return sel, fileError(u.Name, "no technique named %s", sel.Technique)
}

// withOtherErrors adds to the errors of the signature chooseSignature
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

// omittedNotes say which elements layout l leaves out of its declarations
// (a POSITION0 a pixel shader cannot read), but those of vs, the vertex
// layout of a linked pair, which says it already.
func omittedNotes(l, vs *ir.Layout) []ir.Note {
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
