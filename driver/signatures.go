package driver

import (
	"errors"
	"fmt"
	"slices"
	"strings"

	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/ir"
)

// Which signature of a file: the default of "shpack FILE" and the
// candidates of a comparison.

// chooseSignature finds the signature of u to pack for register file f:
// the struct or the entry point named, or the default Pack describes.
// Errors are ir.ErrorList values.
func chooseSignature(u *hlsl.Unit, f *ir.RegisterFile, structName, entry string) (*ir.Signature, error) {
	sig, err := defaultSignature(u, f, structName, entry)
	return sig, withPartial(err, f)
}

// withPartial adds to the errors of a signature that did not lower in
// full those its lowered values have against f (hlsl.LowerError), so that
// every bad member is reported in one run: an unknown type, a misspelt
// semantic, a duplicate.
func withPartial(err error, f *ir.RegisterFile) error {
	var le *hlsl.LowerError
	if !errors.As(err, &le) {
		return err
	}
	partial := le.Partial
	if f.Dir == ir.In && le.PartialIn != nil {
		partial = le.PartialIn
	}
	if partial == nil || len(partial.Elements) == 0 {
		return err
	}
	errs := slices.Clone(le.ErrorList)
	errs = append(errs, ir.ValidateSignature(partial, f, ir.Constraints{})...)
	errs.Sort()
	return errs
}

// selectSignature is chooseSignature of what sel names.
func selectSignature(u *hlsl.Unit, f *ir.RegisterFile, sel Selector) (*ir.Signature, error) {
	return chooseSignature(u, f, sel.Struct, sel.Entry)
}

func defaultSignature(u *hlsl.Unit, f *ir.RegisterFile, structName, entry string) (*ir.Signature, error) {
	switch {
	case structName != "":
		sig, err := u.Struct(structName)
		if nf := notFound(err); nf != nil {
			return nil, fileError(u.Name, "%s%s", nf.Message(), candidateHint(u))
		}
		return sig, err
	case entry != "":
		in, out, err := u.Entry(entry)
		if f.Dir == ir.In {
			return in, err
		}
		return out, err
	}
	if sig, err, ok := techniqueSignature(u, f); ok {
		return sig, err
	}
	vsOut := f.Profile.Stage == ir.Vertex && f.Dir == ir.Out
	valid := func(sig *ir.Signature) bool {
		if vsOut {
			return sig.HasPosition0()
		}
		return len(ir.ValidateSignature(sig, f, ir.Constraints{})) == 0
	}
	list := u.List()
	var returned, returnedFitting, fitting, all []hlsl.Listing
	for _, li := range list {
		if li.Kind != "struct" {
			continue
		}
		all = append(all, li)
		ok := li.Sig != nil && valid(li.Sig)
		if ok {
			fitting = append(fitting, li)
		}
		if li.Returned {
			returned = append(returned, li)
			if ok {
				returnedFitting = append(returnedFitting, li)
			}
		}
	}
	pick := func(c []hlsl.Listing) (*ir.Signature, error, bool) {
		if len(c) == 1 {
			if c[0].Err != nil {
				return nil, c[0].Err, true
			}
			return c[0].Sig, nil, true
		}
		return nil, nil, false
	}
	what := "valid " + f.Profile.Name + " " + f.Dir.Word() + "s"
	if vsOut {
		what = "four-component POSITION0 member"
	}
	if sig, err, ok := pick(returned); ok {
		return sig, err
	}
	if len(returned) > 1 {
		if sig, err, ok := pick(returnedFitting); ok {
			return sig, err
		}
		return nil, ambiguous(u, returned, "several structs with semantics are returned by functions")
	}
	if sig, err, ok := pick(fitting); ok {
		return sig, err
	}
	if len(fitting) > 1 {
		if vsOut {
			return nil, ambiguous(u, fitting, "several structs have a four-component POSITION0 member")
		}
		return nil, ambiguous(u, fitting, "several structs are "+what)
	}
	if len(all) == 0 {
		// No struct: the only function with semantics on this side (a
		// vertex shader's outputs, a pixel shader's inputs).
		var funcs []hlsl.Listing
		for _, li := range list {
			if li.Kind == "function" && functionFor(li, f) {
				funcs = append(funcs, li)
			}
		}
		if len(funcs) == 1 {
			if funcs[0].Err != nil {
				return nil, funcs[0].Err
			}
			if f.Dir == ir.In {
				return funcs[0].In, nil
			}
			return funcs[0].Out, nil
		}
		if len(funcs) > 1 {
			err := &ir.Error{Pos: ir.Pos{File: u.Name}, Msg: "no struct with semantics, and several functions qualify: choose one", Hints: []ir.Hint{{Option: ir.OptEntry, Value: "NAME"}}}
			for _, li := range funcs {
				err.Notes = append(err.Notes, ir.Note{Pos: li.Pos, Msg: "candidate: function " + li.Name})
			}
			return nil, ir.ErrorList{err}
		}
		return nil, ir.ErrorList{{Pos: ir.Pos{File: u.Name}, Msg: "no struct with semantics found; a function's signature is chosen by its entry point", Hints: []ir.Hint{{Option: ir.OptEntry, Value: "NAME"}}}}
	}
	if sig, err, ok := pick(all); ok {
		return sig, err // the only struct with semantics: report its own errors
	}
	if vsOut {
		return nil, ambiguous(u, all, "no struct is returned by a function or has a four-component POSITION0 member")
	}
	return nil, ambiguous(u, all, "no struct is returned by a function or is a "+strings.TrimSuffix(what, "s"))
}

// functionFor reports whether a function's signature is the side the
// register file packs: for vertex outputs, a function that writes a
// four-component POSITION0; for pixel inputs, a pixel shader (one that
// writes COLORn, SV_Target or DEPTH) with inputs; for other register files,
// a function with elements on that side. A function that failed to lower
// qualifies so that its errors are reported.
func functionFor(li hlsl.Listing, f *ir.RegisterFile) bool {
	if li.Err != nil {
		return true
	}
	switch {
	case f.Profile.Stage == ir.Vertex && f.Dir == ir.Out:
		return li.Out != nil && li.Out.HasPosition0()
	case f.Profile.Stage == ir.Pixel && f.Dir == ir.In:
		return li.In != nil && len(li.In.Elements) > 0 && li.Out != nil && writesPixel(li.Out)
	case f.Dir == ir.In:
		return li.In != nil && len(li.In.Elements) > 0
	}
	return li.Out != nil && len(li.Out.Elements) > 0
}

// writesPixel reports whether outputs are a pixel shader's: render targets
// or depth.
func writesPixel(sig *ir.Signature) bool {
	for _, e := range sig.Elements {
		if u, _, ok := e.Semantic.D3D9(); ok && (u == ir.UsageColor || u == ir.UsageDepth) {
			return true
		}
	}
	return false
}

// ambiguous lists the candidate structs as notes.
func ambiguous(u *hlsl.Unit, cands []hlsl.Listing, why string) error {
	err := &ir.Error{Pos: ir.Pos{File: u.Name}, Msg: why + "; choose one", Hints: []ir.Hint{{Option: ir.OptStruct, Value: "NAME"}, {Option: ir.OptEntry, Value: "NAME"}}}
	for _, li := range cands {
		what := "struct " + li.Name
		if li.Returned {
			what += " (returned by a function)"
		}
		if li.Err != nil {
			what += " (has errors)"
		}
		err.Notes = append(err.Notes, ir.Note{Pos: li.Pos, Msg: "candidate: " + what})
	}
	return ir.ErrorList{err}
}

// candidateHint names the structs with semantics, for "no struct named X".
func candidateHint(u *hlsl.Unit) string {
	var names []string
	for _, li := range u.List() {
		if li.Kind == "struct" {
			names = append(names, li.Name)
		}
	}
	if len(names) == 0 {
		return " (the file has no struct with semantics)"
	}
	return " (structs with semantics: " + strings.Join(names, ", ") + ")"
}

// A candidate is a signature of a file that a comparison evaluates.
type candidate struct {
	Kind string
	Name string
	Pos  ir.Pos
	Sig  *ir.Signature
	Err  error
}

// candidates lists the signatures of a unit to compare for f. In a file
// whose techniques compile shaders of f's stage: the outputs of those
// vertex shaders, or the inputs of those pixel shaders. Otherwise, vertex
// outputs: structs with a POSITION0 member, and entry points whose outputs
// have POSITION0 and are not exactly a struct already listed. Pixel inputs:
// the inputs of functions that return COLORn or SV_Targetn (directly, or
// through a struct's members). Structs that fail to lower are listed with
// their errors when they carry POSITION0 in their source.
func candidates(u *hlsl.Unit, f *ir.RegisterFile) []candidate {
	if names := techniqueEntries(u, f.Profile.Stage); len(names) > 0 {
		var out []candidate
		for _, n := range names {
			c := candidate{Kind: "function", Name: n.name, Pos: n.pos}
			in, outSig, err := u.Entry(n.name)
			switch {
			case err != nil:
				c.Err = err
			case f.Dir == ir.In:
				c.Sig = in
			default:
				c.Sig = outSig
			}
			if c.Sig != nil {
				c.Pos = c.Sig.Pos
			}
			out = append(out, c)
		}
		return out
	}
	list := u.List()
	var out []candidate
	structs := map[string]bool{}
	if f.Profile.Stage == ir.Vertex {
		for _, li := range list {
			if li.Kind != "struct" {
				continue
			}
			if li.Err != nil {
				out = append(out, candidate{Kind: li.Kind, Name: li.Name, Pos: li.Pos, Err: li.Err})
				continue
			}
			if li.Sig.HasPosition0() {
				structs[li.Name] = true
				out = append(out, candidate{Kind: li.Kind, Name: li.Name, Pos: li.Pos, Sig: li.Sig})
			}
		}
	}
	defs := map[string]int{}
	for _, li := range list {
		if li.Kind == "function" {
			defs[li.Name]++
		}
	}
	for _, li := range list {
		if li.Kind != "function" || li.Err != nil {
			continue
		}
		if defs[li.Name] != 1 {
			// Overloads cannot be entry points: report once what --entry
			// says about them.
			if defs[li.Name] > 1 {
				if _, _, err := u.Entry(li.Name); err != nil {
					out = append(out, candidate{Kind: li.Kind, Name: li.Name, Pos: li.Pos, Err: err})
				}
				defs[li.Name] = -1
			}
			continue
		}
		if f.Profile.Stage == ir.Vertex {
			if li.Out.HasPosition0() && (!structs[li.Returns] || li.OutParams) {
				out = append(out, candidate{Kind: li.Kind, Name: li.Name, Pos: li.Pos, Sig: li.Out})
			}
			continue
		}
		if writesColor(li.Out) && len(li.In.Elements) > 0 {
			out = append(out, candidate{Kind: li.Kind, Name: li.Name, Pos: li.Pos, Sig: li.In})
		}
	}
	slices.SortStableFunc(out, func(a, b candidate) int { return ir.ComparePos(a.Pos, b.Pos) })
	return out
}

func writesColor(sig *ir.Signature) bool {
	for _, e := range sig.Elements {
		if u, _, ok := e.Semantic.D3D9(); ok && u == ir.UsageColor {
			return true
		}
	}
	return false
}

// fileError is a diagnostic about a whole file: "FILE: error: msg".
func fileError(file, format string, args ...any) error {
	return ir.ErrorList{&ir.Error{Pos: ir.Pos{File: file}, Msg: fmt.Sprintf(format, args...)}}
}

// techEntry is a function a technique compiles, where it first does.
type techEntry struct {
	name string
	pos  ir.Pos
	use  string // "technique T, pass P"
}

// techniqueEntries lists the functions the unit's techniques compile for
// stage with a Direct3D 9 profile, each once, in order.
func techniqueEntries(u *hlsl.Unit, stage ir.Stage) []techEntry {
	var out []techEntry
	for _, t := range u.Techniques() {
		for _, p := range t.Passes {
			refs := p.VS
			if stage == ir.Pixel {
				refs = p.PS
			}
			for _, r := range refs {
				if _, d3d9, _ := ir.CompileProfile(r.Profile); r.Entry == "" || !d3d9 {
					continue
				}
				if !slices.ContainsFunc(out, func(e techEntry) bool { return e.name == r.Entry }) {
					out = append(out, techEntry{r.Entry, r.EntryPos, fmt.Sprintf("technique %s, pass %s", orUnnamed(t.Name), orUnnamed(p.Name))})
				}
			}
		}
	}
	return out
}

// techniqueSignature is the default signature of a file whose techniques
// compile shaders of f's stage: the one function's outputs (vertex) or
// inputs (pixel); ok is false when the techniques name none.
func techniqueSignature(u *hlsl.Unit, f *ir.RegisterFile) (sig *ir.Signature, err error, ok bool) {
	names := techniqueEntries(u, f.Profile.Stage)
	switch len(names) {
	case 0:
		return nil, nil, false
	case 1:
		in, out, err := u.Entry(names[0].name)
		if f.Dir == ir.In {
			return in, err, true
		}
		return out, err, true
	}
	stage := "vertex"
	if f.Profile.Stage == ir.Pixel {
		stage = "pixel"
	}
	e := &ir.Error{Pos: ir.Pos{File: u.Name}, Msg: fmt.Sprintf("the techniques compile %d %s shaders: choose one, or link them all", len(names), stage), Hints: []ir.Hint{{Option: ir.OptEntry, Value: "NAME"}}}
	for _, n := range names {
		e.Notes = append(e.Notes, ir.Note{Pos: n.pos, Msg: fmt.Sprintf("candidate: %s (%s)", n.name, n.use)})
	}
	return nil, ir.ErrorList{e}, true
}

// notFound returns err as a *hlsl.NotFoundError, or nil.
func notFound(err error) *hlsl.NotFoundError {
	var nf *hlsl.NotFoundError
	if errors.As(err, &nf) {
		return nf
	}
	return nil
}
