package driver

import (
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/shpack/shpack/emit"
	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/hlsl/pp"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/layoutfile"
	"github.com/shpack/shpack/pack"
)

// Variants: a shader compiled in several #define permutations.
//
// A variants file names one permutation a line:
//
//	# comment
//	base:
//	fog: -DFOG
//	skinned_fog: -DSKINNED -DFOG -DBONES=64
//
// Each variant preprocesses the file with its definitions (after the
// caller's own -D); the signatures of all variants are packed as one
// family (pack.Family), so a semantic sits at one family register,
// components and declared semantic in every variant that has it (the o
// numbers follow the registers each variant uses; SM3 links by declared
// semantic), and the pixel shader
// of any variant links with the vertex shader of any variant that writes
// what it reads.

// A Variant is one permutation: a name and the definitions it adds.
type Variant struct {
	Name    string
	Defines []string // NAME or NAME=VALUE
	Pos     ir.Pos   // where the variants file names it
	// Warnings say what the line does that is likely a mistake: a macro
	// defined twice with different values (the last counts, as with
	// gcc's -D, which warns too).
	Warnings ir.ErrorList
}

// ParseVariants reads a variants file (see the package comment above).
// Errors are positioned in it.
//
// The file is text as editors save it: UTF-8, a byte order mark skipped,
// lines ending in LF, CRLF or CR alone, as sources are read; UTF-16 is
// refused, saying so. Each definition is checked as the preprocessor
// will read it (a macro name, a value that scans), at its column.
func ParseVariants(name string, src []byte) ([]Variant, error) {
	if bytes.HasPrefix(src, []byte{0xFF, 0xFE}) || bytes.HasPrefix(src, []byte{0xFE, 0xFF}) {
		return nil, ir.ErrorList{&ir.Error{Pos: ir.Pos{File: name, Line: 1, Col: 1}, Msg: "the variants file is UTF-16 (its byte order mark says so); shpack reads variants files in UTF-8, as sources: save it as UTF-8"}}
	}
	src = bytes.TrimPrefix(src, []byte{0xEF, 0xBB, 0xBF})
	var out []Variant
	var errs ir.ErrorList
	seen := map[string]ir.Pos{}
	// Lines are split by hand: a line may be as long as the file (a
	// bufio.Scanner stops at its buffer's size).
	text := strings.ReplaceAll(string(src), "\r\n", "\n")
	lines := strings.Split(strings.ReplaceAll(text, "\r", "\n"), "\n")
	for n, text := range lines {
		line := n + 1
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		trimmed := strings.TrimSpace(text)
		if trimmed == "" {
			continue
		}
		col := strings.Index(text, trimmed) + 1
		pos := ir.Pos{File: name, Line: line, Col: col}
		vname, rest, ok := strings.Cut(trimmed, ":")
		vname = strings.TrimSpace(vname)
		switch {
		case !ok:
			errs.Add(pos, nil, "a variant is NAME: -DFOO -DBAR=2 (no ':' in %q)", trimmed)
			continue
		case !validVariantName(vname):
			errs.Add(pos, nil, "variant name %q: use letters, digits, '_', '-' and '.' (it names output files)", vname)
			continue
		}
		if prev, dup := seen[vname]; dup {
			errs.Add(pos, nil, "variant %s is named twice (first at %s)", vname, prev)
			continue
		}
		seen[vname] = pos
		v := Variant{Name: vname, Pos: pos}
		fields, offs := fieldsAt(rest)
		restCol := col + len(trimmed) - len(rest) // column of rest's first byte
		for k := 0; k < len(fields); k++ {
			f := fields[k]
			var d string
			var dcol int // the column of d's first byte
			switch {
			case f == "-D" && k+1 < len(fields):
				k++
				d, dcol = fields[k], restCol+offs[k]
			case strings.HasPrefix(f, "-D") && len(f) > 2:
				d, dcol = f[2:], restCol+offs[k]+2
			default:
				errs.Add(ir.Pos{File: name, Line: line, Col: restCol + offs[k]}, nil, "variant %s: %q is not a definition (-DNAME or -DNAME=VALUE)", vname, f)
				continue
			}
			if e := checkDefine(d); e != nil {
				errs.Add(ir.Pos{File: name, Line: line, Col: dcol + e.Pos.Col - 1}, nil, "variant %s: -D%s: %s", vname, d, e.Msg)
				continue
			}
			v.Defines = append(v.Defines, d)
		}
		defined := map[string]string{}
		for _, d := range v.Defines {
			mname, value, _ := strings.Cut(d, "=")
			if prev, ok := defined[mname]; ok && prev != value {
				w := &ir.Error{Pos: pos, Msg: fmt.Sprintf("variant %s defines %s twice (-D%s=%s, then -D%s): the last counts", vname, mname, mname, prev, d), Warning: true}
				v.Warnings = append(v.Warnings, w)
			}
			defined[mname] = value
		}
		out = append(out, v)
	}
	if len(errs) > 0 {
		return nil, errs
	}
	if len(out) == 0 {
		return nil, ir.ErrorList{&ir.Error{Pos: ir.Pos{File: name}, Msg: "no variants (one a line: NAME: -DFOO -DBAR=2)"}}
	}
	return out, nil
}

// checkDefine says what is wrong with a -D definition (nil if nothing),
// positioned by column in d: a macro name that is no identifier (-D=1, as
// the preprocessor would say it at <command-line>), or what the
// preprocessor finds when it reads the definition (an unclosed quote).
func checkDefine(d string) *ir.Error {
	mname, _, _ := strings.Cut(d, "=")
	fn, _, _ := strings.Cut(mname, "(") // -DF(x)=x: a function-like macro
	if !isIdent(fn) {
		return &ir.Error{Pos: ir.Pos{Col: 1}, Msg: fmt.Sprintf("%q is not a macro name (a definition is -DNAME or -DNAME=VALUE)", fn)}
	}
	if isIdent(mname) && mname != "defined" && plainValue(d[len(mname):]) {
		return nil // the common case, without a preprocessor's run
	}
	if _, perrs := pp.Preprocess("<variants>", nil, &pp.Options{Defines: []string{d}}); len(perrs) > 0 {
		return &ir.Error{Pos: ir.Pos{Col: max(perrs[0].Pos.Col, 1)}, Msg: perrs[0].Msg}
	}
	return nil
}

func isIdent(s string) bool {
	for i, c := range s {
		if !(c == '_' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || i > 0 && c >= '0' && c <= '9') {
			return false
		}
	}
	return s != ""
}

// plainValue reports whether v ("" or "=" and a value) is nothing or
// letters, digits, '_', '.', '-' and '+': a value that scans.
func plainValue(v string) bool {
	if v == "" {
		return true
	}
	for _, c := range v[1:] {
		if !(c == '_' || c == '.' || c == '-' || c == '+' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9') {
			return false
		}
	}
	return true
}

// fieldsAt splits s at blanks and gives each field's byte offset.
func fieldsAt(s string) (fields []string, offs []int) {
	start := -1
	for i := 0; i <= len(s); i++ {
		blank := i == len(s) || s[i] == ' ' || s[i] == '\t' || s[i] == '\r'
		switch {
		case !blank && start < 0:
			start = i
		case blank && start >= 0:
			fields, offs = append(fields, s[start:i]), append(offs, start)
			start = -1
		}
	}
	return fields, offs
}

func validVariantName(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if !(c == '_' || c == '-' || c == '.' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

// variantSignatures preprocesses src once per variant (its definitions
// after pp's) and picks the signature of each for register file f.
// Errors name the variant they happen in.
func variantSignatures(src Source, pp hlsl.PPOptions, vars []Variant, f *ir.RegisterFile, sel Selector) ([]*ir.Signature, []*hlsl.Unit, error) {
	var sigs []*ir.Signature
	var units []*hlsl.Unit
	var errs ir.ErrorList
	for _, v := range vars {
		opts := pp
		opts.Defines = append(slices.Clone(pp.Defines), v.Defines...)
		u, err := hlsl.ParseFile(src.Name, src.Src, &opts)
		if err == nil {
			var sig *ir.Signature
			sig, err = chooseSignature(u, f, sel.Struct, sel.Entry)
			if err == nil {
				sigs = append(sigs, sig)
				units = append(units, u)
				continue
			}
		}
		errs = append(errs, inVariant(v, err)...)
	}
	if len(errs) > 0 {
		errs.Sort()
		return nil, nil, errs
	}
	return sigs, units, nil
}

// inVariant prefixes the diagnostics of err with the variant, and notes
// where the variants file defines it.
func inVariant(v Variant, err error) ir.ErrorList {
	errs := ir.Errors(err)
	if errs == nil {
		return ir.ErrorList{&ir.Error{Pos: v.Pos, Msg: fmt.Sprintf("variant %s: %v", v.Name, err)}}
	}
	out := make(ir.ErrorList, len(errs))
	for i, e := range errs {
		c := *e
		c.Msg = "variant " + v.Name + ": " + e.Msg
		c.Notes = append(slices.Clone(e.Notes), ir.Note{Pos: v.Pos, Msg: "variant " + v.Name + " is defined here"})
		out[i] = &c
	}
	return out
}

// familyOf packs the vertex-output signatures of the variants as one
// family (vs_3_0 outputs; see pack.Family), naming the variant in its
// errors.
func familyOf(vars []Variant, sigs []*ir.Signature, c ir.Constraints) (*pack.FamilyLayout, error) {
	labels := make([]string, len(sigs))
	for i, s := range sigs {
		labels[i] = s.Name + " (variant " + vars[i].Name + ")"
	}
	return pack.Family(sigs, labels, ir.VS30Out(), c)
}

// packVariants is Pack of o.Variants: the signature o selects, in every
// variant, packed as one family (vs_3_0 outputs), each variant's layout
// with what it needs alone.
func packVariants(src Source, f *ir.RegisterFile, o PackOptions) (*PackResult, error) {
	res := &PackResult{}
	switch {
	case f.Profile.Name != "vs_3_0" || f.Dir != ir.Out:
		return nil, &OptionError{Option: ir.OptVariants, Msg: "packs vs_3_0 outputs as one family; a pixel shader's inputs in every variant are derived from them by a link"}
	case o.HLSL || o.Layout != nil || len(o.Indexed) > 0:
		return nil, &OptionError{Option: ir.OptVariants, Msg: "packs one family with the packer: packed HLSL, a layout file to apply and indexed arrays are for one signature"}
	}
	sigs, units, err := variantSignatures(src, o.PP, o.Variants, f, o.Select)
	for _, u := range units {
		res.Warnings = addWarnings(res.Warnings, u.PP.Warnings...)
		res.Deps = addDeps(res.Deps, u.PP.Files...)
	}
	if err != nil {
		return res, err
	}
	fl, err := familyOf(o.Variants, sigs, o.constraints())
	if err != nil {
		return res, err
	}
	for i, v := range o.Variants {
		res.Variants = append(res.Variants, emit.VariantLayouts{Name: v.Name, Defines: v.Defines, Own: fl.Own[i], Layout: fl.Layouts[i]})
	}
	var note ir.Note
	res.Family, note, res.Interfaces, err = finishFamily(res.Variants, fl, src.Name, o.LayoutOut)
	res.Notes = append(res.Notes, note)
	return res, err
}

// finishFamily checks a family's layouts and says what it costs: the
// family as emit prints it, a note, and with layoutOut its interfaces.
func finishFamily(vl []emit.VariantLayouts, fl *pack.FamilyLayout, source string, layoutOut bool) (emit.Family, ir.Note, []layoutfile.Interface, error) {
	fam := emit.Family{Largest: fl.Largest(), LowerBound: fl.LowerBound, Optimal: fl.Optimal}
	for _, v := range vl {
		for _, each := range []*ir.Layout{v.Layout, v.VS, v.PS} {
			if each == nil {
				continue
			}
			if err := ir.CheckLayout(each); err != nil {
				return fam, ir.Note{}, nil, fmt.Errorf("internal error: invalid layout of variant %s: %v", v.Name, err)
			}
		}
	}
	var its []layoutfile.Interface
	var err error
	if layoutOut {
		its, err = variantInterfaces(vl)
	}
	return fam, familyNote(source, vl, fl), its, err
}

// familyNote says what the variants of a family cost against their own
// optimum: "N variants share one layout (optimal; largest L, lower bound
// B); general registers: A 3 (alone 3), B 4 (alone 3)".
func familyNote(source string, vl []emit.VariantLayouts, fl *pack.FamilyLayout) ir.Note {
	var parts []string
	for i, v := range vl {
		parts = append(parts, fmt.Sprintf("%s %d (alone %d)", v.Name, fl.Layouts[i].GeneralRegisters(), fl.Own[i]))
	}
	proven := "not proven optimal"
	if fl.Optimal {
		proven = "optimal"
	}
	return ir.Note{Pos: ir.Pos{File: source}, Packed: true, Msg: fmt.Sprintf("%d variants share one layout (%s; largest %d, lower bound %d); general registers: %s",
		len(vl), proven, fl.Largest(), fl.LowerBound, strings.Join(parts, ", "))}
}

// pixelSignature finds a pixel shader's inputs in u for register file f:
// the struct or entry point sel names, or by default the struct the vertex
// side vsSig packs (the struct itself, or the one the vertex entry returns,
// looked up in the vertex unit vu and then by name in u).
func pixelSignature(vu, u *hlsl.Unit, f *ir.RegisterFile, sel Selector, vsSig *ir.Signature) (*ir.Signature, error) {
	if sel.Struct != "" || sel.Entry != "" {
		return chooseSignature(u, f, sel.Struct, sel.Entry)
	}
	name := vsSig.Name
	if vsSig.Kind == "function" {
		name = vu.ReturnStruct(name)
		if name == "" {
			// At the vertex entry, whose place is known.
			e := ir.Errorf(vsSig.Pos, vsSig.Include, "the vertex entry %s does not return a struct: name the pixel inputs", vsSig.Name)
			e.Hints = pixelInputHints()
			return nil, ir.ErrorList{e}
		}
	}
	sig, err := u.Struct(name)
	if nf := notFound(err); nf != nil {
		return nil, ir.ErrorList{{Pos: ir.Pos{File: u.Name}, Msg: nf.Message() + ": name the pixel inputs", Hints: pixelInputHints()}}
	}
	return sig, err
}

// linkVariants links a vertex and a pixel shader compiled in every
// variant (Link): the vertex outputs of all variants are packed as one
// family, and each variant's pixel inputs are derived from its vertex
// layout. It checks the promise of the family: the pixel shader of any
// variant, derived from the vertex shader of any variant that writes
// everything it reads, reads the same map.
func linkVariants(srcs []Source, o LinkOptions) (*LinkResult, error) {
	if o.Layout != nil || len(o.Indexed) > 0 || o.Budget > 0 {
		return nil, &OptionError{Option: ir.OptVariants, Msg: "links one family with the packer: a layout file to apply, indexed arrays and a register budget are for one pair"}
	}
	vars := o.Variants
	vs, ps := srcs[0], srcs[len(srcs)-1]
	psPP := o.PP
	if o.PixelPP != nil {
		psPP = *o.PixelPP
	}
	res := &LinkResult{}
	vsFile := ir.VS30Out()
	psFile, _ := ir.LookupRegisterFile("ps_3_0", ir.In)
	vsSigs, vsUnits, err := variantSignatures(vs, o.PP, vars, vsFile, o.VS)
	for _, u := range vsUnits {
		res.Warnings = addWarnings(res.Warnings, u.PP.Warnings...)
		res.Deps = addDeps(res.Deps, u.PP.Files...)
	}
	if err != nil {
		return res, err
	}
	var psSigs []*ir.Signature
	var errs ir.ErrorList
	for i, v := range vars {
		pu := vsUnits[i]
		if !sameSource(srcs) || o.PixelPP != nil {
			opts := psPP
			opts.Defines = append(slices.Clone(psPP.Defines), v.Defines...)
			if pu, err = hlsl.ParseFile(ps.Name, ps.Src, &opts); err != nil {
				errs = append(errs, inVariant(v, err)...)
				continue
			}
			res.Warnings = addWarnings(res.Warnings, pu.PP.Warnings...)
			res.Deps = addDeps(res.Deps, pu.PP.Files...)
		}
		sig, err := pixelSignature(vsUnits[i], pu, psFile, o.PS, vsSigs[i])
		if err != nil {
			errs = append(errs, inVariant(v, err)...)
			continue
		}
		psSigs = append(psSigs, sig)
	}
	if len(errs) > 0 {
		errs.Sort()
		return res, errs
	}
	cons := o.constraints()
	fl, err := familyOf(vars, vsSigs, cons)
	if err != nil {
		return res, err
	}
	for i, v := range vars {
		r, err := pack.NewReader(psSigs[i], psFile, cons.MixColor)
		if err != nil {
			errs = append(errs, inVariant(v, err)...)
			continue
		}
		pl, err := r.Derive(fl.Layouts[i])
		if err != nil {
			errs = append(errs, inVariant(v, err)...)
			continue
		}
		res.Variants = append(res.Variants, emit.VariantLayouts{Name: v.Name, Defines: v.Defines, Own: fl.Own[i], VS: fl.Layouts[i], PS: pl})
	}
	if len(errs) > 0 {
		errs.Sort()
		return res, errs
	}
	if err := samePlaces(vars, res.Variants); err != nil {
		return nil, err
	}
	var note ir.Note
	res.Family, note, res.Interfaces, err = finishFamily(res.Variants, fl, vs.Name, o.LayoutOut)
	res.Notes = append(res.Notes, note)
	return res, err
}

// samePlaces checks the promise of a family of linked variants.
func samePlaces(vars []Variant, out []emit.VariantLayouts) error {
	// The promise: the pixel shader of any variant reads the vertex
	// shader of any variant that writes what it reads alike. vs_3_0 and
	// ps_3_0 link by declared semantic, not by register number: a pixel
	// shader reads a semantic right from every vertex shader that puts it
	// at the same components of a register declared with the same
	// semantic. So the promise holds when every semantic has one
	// (components, declared semantic) in all the vertex layouts, whatever
	// o register holds it there: checked in one pass, where deriving
	// every pixel variant from every vertex variant costs n².
	type semKey struct {
		u   ir.Usage
		idx int
	}
	type place struct {
		p       ir.Placement
		variant int
	}
	places := map[semKey]place{}
	for i := range out {
		l := out[i].VS
		for k, p := range l.Place {
			if p.Reg == ir.NoReg {
				continue
			}
			u, idx, _ := l.Sig.Elements[k].Semantic.D3D9()
			key := semKey{u, idx}
			prev, ok := places[key]
			if !ok {
				places[key] = place{p, i}
				continue
			}
			if prev.p.Mask.First() != p.Mask.First() || prev.p.Usage != p.Usage || prev.p.Index != p.Index {
				return fmt.Errorf("internal error: variants %s and %s place %s%d differently (%v %v %v%d, %v %v %v%d)", vars[prev.variant].Name, vars[i].Name, u, idx, prev.p.Reg, prev.p.Mask, prev.p.Usage, prev.p.Index, p.Reg, p.Mask, p.Usage, p.Index)
			}
		}
	}
	return nil
}

// pixelInputHints name what chooses a pixel shader's inputs.
func pixelInputHints() []ir.Hint {
	return []ir.Hint{{Option: ir.OptPSStruct, Value: "NAME"}, {Option: ir.OptPSEntry, Value: "NAME"}}
}
