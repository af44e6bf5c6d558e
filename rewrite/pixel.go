package rewrite

import (
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/shpack/shpack/emit"
	"github.com/shpack/shpack/ir"
)

// pixelReg is one vertex register a pixel shader reads.
type pixelReg struct {
	reg     *emit.PackedRegister // the vertex side's register
	width   int                  // components declared
	members []pixelMember
	// kind is the kind of type the inputs in it share (their HLSL types'
	// ir.ScalarType.Kind), the type it is declared with; TypeFloat when
	// they differ, and the others are converted.
	kind ir.ScalarType
}

type pixelMember struct {
	elem int // index in the pixel input signature
	mask ir.Mask
}

// pixel edits a pixel shader in place: the packed struct takes the place
// of the parameters that read registers, and the body starts with the
// NAME_UNPACK macro, which declares those parameters as locals and fills
// them; VPOS and VFACE inside a struct become parameters of their own, and
// an inout parameter's input comes from the registers. orig, when not "",
// names the copy of the original that its other callers call.
func (f *file) pixel(ps *Pixel, orig string) {
	ep := ps.EP
	def := definition(ep)
	if def == nil {
		f.a.errs = append(f.a.errs, ir.Errorf(ep.Pos, nil, "%s: no definition to edit", ep.Name))
		return
	}
	reads, err := pixelReads(ps)
	if err != nil {
		f.a.errs = append(f.a.errs, ir.Errors(err)...)
		return
	}
	in := ps.Layout.Sig
	st := f.a.fresh(ep.Name + "_Packed")
	macro := f.a.fresh(ep.Name + "_UNPACK")
	inVar := f.a.local("shpack_in")

	// What each input reads from the registers.
	from := map[int]string{}
	for _, pr := range reads {
		for _, m := range pr.members {
			e := &in.Elements[m.elem]
			src := inVar + "." + f.field(pr.reg.Num)
			if m.mask != ir.MaskRun(0, pr.width) {
				src += "." + m.mask.String()
			}
			if n, ok := ps.Widen[m.elem]; ok {
				src = padded(src, pr.kind, e.Components, n)
				wide := *e
				wide.Components = n
				e = &wide
			}
			if e.Type.Kind() != pr.kind {
				src = emit.FromFloat(e, src)
			}
			from[m.elem] = src
		}
	}

	var b strings.Builder
	verb := "writes"
	if len(ps.VSNames) > 1 {
		verb = "write"
	}
	comment(&b, fmt.Sprintf("Added by shpack: %s reads %s that %s %s packed (strategy %s). It takes them as a %s, and %s declares the parameters that read them as locals and fills them.",
		ep.Name, plural(len(reads), "register"), joinNames(ps.VSNames), verb, ps.VS.Strategy, st, macro))
	ps.Guard.write(&b)
	fmt.Fprintf(&b, "struct %s\n{\n", st)
	for _, pr := range reads {
		mods, sem := pixelDecl(in, pr)
		decl := strings.TrimSpace(fmt.Sprintf("%s %s %s : %s;", mods, emit.VectorType(pr.kind, pr.width), f.field(pr.reg.Num), sem))
		var parts []string
		for _, m := range pr.members {
			parts = append(parts, in.Elements[m.elem].Name+" = ."+m.mask.String())
		}
		fmt.Fprintf(&b, "    %-28s // o%d: %s\n", decl, pr.reg.Num, strings.Join(parts, ", "))
	}
	b.WriteString("};\n")

	// Parameters: the packed struct takes the place of the first
	// parameter that reads registers; the others become locals, declared
	// and filled by the macro in the order of the parameters.
	params := make([]paramEdit, len(ep.Params))
	var extra, body []string
	packed := st + " " + inVar
	placed := false
	for i, p := range ep.Params {
		if p.Uniform || !p.In {
			continue
		}
		general, all := 0, p.InElems[1]-p.InElems[0]
		special := false
		for k := p.InElems[0]; k < p.InElems[1]; k++ {
			if _, ok := from[k]; ok {
				general++
			}
			if r := ps.Layout.Place[k].Role; r == ir.RoleVPos || r == ir.RoleVFace {
				special = true
			}
		}
		if general == 0 && !p.Out {
			continue // VPOS, VFACE, or nothing the vertex shader writes
		}
		pe := &params[i]
		if !placed && general > 0 {
			pe.before = append(pe.before, packed)
			placed = true
		}
		switch {
		case p.Out: // inout: the pixel output stays, its input comes from the registers
			pe.keyword = "out"
		case all == 1 && general == 1 && !p.Struct && in.Elements[p.InElems[0]].Access == p.Name:
			// A plain vector or scalar: declared with its value. (An
			// array of one row, float4 s[1], is declared, then filled.)
			pe.remove = true
			body = append(body, fmt.Sprintf("%s = %s;", p.Decl, from[p.InElems[0]]))
			continue
		case p.Struct && (general < all || special):
			pe.remove = true
			body = append(body, fmt.Sprintf("%s = (%s)0;", p.Decl, p.Type))
		default:
			pe.remove = true
			body = append(body, p.Decl+";")
		}
		for k := p.InElems[0]; k < p.InElems[1]; k++ {
			e := &in.Elements[k]
			switch role := ps.Layout.Place[k].Role; {
			case role == ir.RoleVPos || role == ir.RoleVFace:
				// A special input inside a struct: a parameter of its own.
				kind := "vpos"
				if role == ir.RoleVFace {
					kind = "vface"
				}
				name := f.a.fresh("shpack_" + kind)
				pe.before = append(pe.before, fmt.Sprintf("%s %s : %s", elementType(e), name, e.Semantic.String()))
				src := name
				if ep.In != nil && k < len(ep.In.Elements) && ep.In.Elements[k].Components > e.Components {
					// A float4 SV_Position read as VPOS, a float2: z 0, w 1.
					src = padded(name, ir.TypeFloat, e.Components, ep.In.Elements[k].Components)
				}
				body = append(body, emit.Assign(e.Access, src))
			case from[k] != "":
				body = append(body, emit.Assign(e.Access, from[k]))
			}
		}
	}
	if !placed && len(reads) > 0 {
		extra = append(extra, packed)
	}
	if len(body) > 0 {
		writeMacro(&b, macro, body)
	}
	f.editHeader(ep, b.String(), "", false, params, extra, orig)
	if len(body) > 0 {
		open := &def.Body[0]
		if f.editable(open, ep.Name) {
			f.replace(end(open), end(open), " "+macro)
		}
	}
}

// pixelReads lists the vertex registers a pixel shader reads, in register
// order, each with the inputs it holds and the width to declare: the
// narrowest among the vertex shaders the pixel shader is linked with (a
// pixel shader's mask is a subset of the vertex shader's).
func pixelReads(ps *Pixel) ([]*pixelReg, error) {
	vregs, err := emit.PackedRegisters(ps.VS)
	if err != nil {
		return nil, err
	}
	in := ps.Layout.Sig
	vsig := ps.VS.Sig
	regOf := map[int]int{} // vertex element -> index in vregs
	for ri := range vregs {
		for _, m := range vregs[ri].Members {
			regOf[m.Elem] = ri
		}
	}
	var reads []*pixelReg
	readOf := map[int]*pixelReg{}
	for i := range in.Elements {
		if ps.Layout.Place[i].Role != ir.RoleGeneral {
			continue
		}
		j := bySemIn(vsig, in.Elements[i].Semantic)
		if j < 0 {
			u, idx, _ := in.Elements[i].Semantic.D3D9()
			return nil, fmt.Errorf("internal error: %s: no vertex output %s%d", in.Elements[i].Name, u, idx)
		}
		ri := regOf[j]
		pr := readOf[ri]
		if pr == nil {
			pr = &pixelReg{reg: &vregs[ri], width: vregs[ri].Width}
			readOf[ri] = pr
			reads = append(reads, pr)
		}
		var vmask ir.Mask
		for _, m := range vregs[ri].Members {
			if m.Elem == j {
				vmask = m.Mask
			}
		}
		pr.members = append(pr.members, pixelMember{i, ir.MaskRun(vmask.First(), in.Elements[i].Components)})
	}
	slices.SortFunc(reads, func(a, b *pixelReg) int { return cmp.Compare(a.reg.Num, b.reg.Num) })
	for _, other := range ps.Others {
		oregs, err := emit.PackedRegisters(other)
		if err != nil {
			return nil, err
		}
		for _, pr := range reads {
			j := bySemIn(other.Sig, in.Elements[pr.members[0].elem].Semantic)
			for _, r := range oregs {
				for _, m := range r.Members {
					if m.Elem == j && r.Width < pr.width {
						pr.width = r.Width
					}
				}
			}
		}
	}
	for _, pr := range reads {
		slices.SortStableFunc(pr.members, func(a, b pixelMember) int { return cmp.Compare(a.mask.First(), b.mask.First()) })
		pr.kind = in.Elements[pr.members[0].elem].Type.Kind()
		for _, m := range pr.members {
			if in.Elements[m.elem].Type.Kind() != pr.kind {
				pr.kind = ir.TypeFloat
			}
		}
	}
	return reads, nil
}

// padded widens a vector expression of kind t and have components to
// want: the missing components are 0, w is 1.
func padded(expr string, t ir.ScalarType, have, want int) string {
	parts := []string{expr}
	for c := have; c < want; c++ {
		if c == 3 {
			parts = append(parts, "1")
		} else {
			parts = append(parts, "0")
		}
	}
	return fmt.Sprintf("%s(%s)", emit.VectorType(t, want), strings.Join(parts, ", "))
}

// bySemIn finds the element of sig with the Direct3D 9 semantic of sem,
// or -1.
func bySemIn(sig *ir.Signature, sem ir.Semantic) int {
	u, idx, _ := sem.D3D9()
	for i := range sig.Elements {
		if eu, eidx, _ := sig.Elements[i].Semantic.D3D9(); eu == u && eidx == idx {
			return i
		}
	}
	return -1
}

// pixelDecl returns the interpolation keywords and the semantic of a
// pixel register: centroid as the inputs in it ask for it (the _centroid
// suffix if one was written so, the keyword otherwise), other
// interpolation modes as keywords.
func pixelDecl(in *ir.Signature, pr *pixelReg) (mods, sem string) {
	sem = pr.reg.Semantic()
	var words []string
	for _, m := range pr.members {
		e := &in.Elements[m.elem]
		if e.Semantic.Centroid {
			sem += "_centroid"
			break
		}
		if e.Centroid() {
			words = append(words, "centroid")
			break
		}
	}
	if mode := in.Elements[pr.members[0].elem].Mods.Interpolation(); mode != "linear" {
		words = append([]string{mode}, words...)
	}
	return strings.Join(words, " "), sem
}

// elementType spells the type of one row ("float2", "bool").
func elementType(e *ir.Element) string {
	if e.Components == 1 {
		return e.Type.String()
	}
	return e.Type.String() + strconv.Itoa(e.Components)
}
