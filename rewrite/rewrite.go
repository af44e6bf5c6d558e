// Package rewrite is the source transform: it edits a shader author's HLSL
// so that a vertex shader writes a packed layout and the pixel shaders it
// feeds read it, keeping the files' entry-point names, parameters and
// techniques, so they build as before.
//
// The edit keeps the user's text and adds to it, by byte offset (the
// tokens' spans from the front end), rather than printing the file again:
//
//   - every entry function to wrap is renamed where it is declared and
//     called (F becomes F_unpacked): the shader exactly as written;
//   - right after its definition comes a generated block: a struct with
//     one member per register, declared with that register's semantic (the
//     portable layout, the only one HLSL can express and every runtime
//     reads), and a wrapper under the original name with the original
//     parameters that calls F_unpacked and packs its outputs (vertex side)
//     or unpacks the registers into the parameters F_unpacked takes (pixel
//     side); uniform parameters, vertex inputs and pixel outputs pass
//     through unchanged, so techniques' compile statements still bind;
//   - a #line directive after the block gives the rest of the file its
//     own line numbers back, so a compiler's messages about the user's code
//     point at the user's file and line.
//
// The wrappers follow the functions they wrap, which a technique must
// already follow, so they are defined before any technique uses them.
//
// The package knows nothing of packing or of which shaders belong
// together: it is given the layouts (see package driver) and edits.
package rewrite

import (
	"bytes"
	"cmp"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/shpack/shpack/emit"
	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/ir"
)

// A File is one source file to edit: its name as given (diagnostics and
// #line name it so), its contents as read, and the unit parsed from it, of
// which it is the main file.
type File struct {
	Name string
	Src  []byte
	Unit *hlsl.Unit
}

// A Vertex is a vertex shader entry point of Files[File] to wrap so that it
// writes Layout, a portable vs_3_0 layout of EP.Out.
type Vertex struct {
	File   int
	EP     *hlsl.EntryPoint
	Layout *ir.Layout
	// Unpacked is the number of general registers the outputs take with
	// one register per semantic, for the block's comment.
	Unpacked int
}

// A Pixel is a pixel shader entry point of Files[File] to wrap so that it
// reads the registers of the vertex layout VS; Layout is its input layout
// derived from VS (pack.Derive), which says the role of every input.
type Pixel struct {
	File int
	EP   *hlsl.EntryPoint
	VS   *ir.Layout
	// Others are the layouts of the other vertex shaders it is linked
	// with (a family: they put everything it reads where VS does). A
	// register it reads is declared as wide as in the narrowest of them.
	Others []*ir.Layout
	Layout *ir.Layout
	// VSNames names the vertex shaders it is linked with, for the comment.
	VSNames []string
	// Widen gives, for an input that Layout.Sig declares narrower than
	// EP.In does (the vertex shader writes fewer components than the pixel
	// shader reads), the pixel shader's own width: the other components
	// are passed as 0, w as 1.
	Widen map[int]int
}

// A Plan is what to rewrite.
type Plan struct {
	Files  []File
	Vertex []Vertex
	Pixel  []Pixel
}

// An edit replaces src[off:end] with text.
type edit struct {
	off, end int
	text     string
}

// Apply performs the plan and returns the new contents of every file, in
// the order of p.Files (a file with nothing to rewrite comes back as it
// was). Errors are an ir.ErrorList, positioned.
func Apply(p *Plan) ([][]byte, error) {
	taken := map[string]bool{}
	for _, f := range p.Files {
		for id := range f.Unit.Identifiers() {
			taken[id] = true
		}
	}
	fresh := func(base string) string {
		name := base
		for n := 2; taken[name]; n++ {
			name = base + strconv.Itoa(n)
		}
		taken[name] = true
		return name
	}
	edits := make([][]edit, len(p.Files))
	var errs ir.ErrorList
	wrap := func(file int, ep *hlsl.EntryPoint, block func(orig string) string) {
		f := &p.Files[file]
		orig := fresh(ep.Name + "_unpacked")
		var es []edit
		for _, t := range append(slices.Clone(ep.NameToks), ep.Close) {
			if e := editable(f, &t, ep.Name); e != nil {
				errs = append(errs, e)
				break // one error per function says it
			}
		}
		if len(errs) > 0 {
			return
		}
		for _, t := range ep.NameToks {
			es = append(es, edit{int(t.Off), int(t.Off) + len(t.Text), orig})
		}
		// The block goes after the line that ends the definition when
		// nothing but blanks follow the "}" on it, else right after it.
		after, line := int(ep.Close.Off)+1, f.Unit.PP.Pos(&ep.Close)
		if rest := restOfLine(f.Src, after); rest >= 0 {
			after, line.Line = rest, line.Line+1
		} else {
			block0 := block
			block = func(orig string) string { return "\n" + block0(orig) }
		}
		text := block(orig) + lineDirective(line) + "\n"
		if bytes.Contains(f.Src, []byte("\r\n")) {
			text = strings.ReplaceAll(text, "\n", "\r\n") // keep the file's line ends
		}
		es = append(es, edit{after, after, text})
		edits[file] = append(edits[file], es...)
	}
	for i := range p.Vertex {
		v := &p.Vertex[i]
		wrap(v.File, v.EP, func(orig string) string {
			b, err := vertexBlock(v, orig, fresh)
			if err != nil {
				errs = append(errs, ir.Errors(err)...)
			}
			return b
		})
	}
	for i := range p.Pixel {
		ps := &p.Pixel[i]
		wrap(ps.File, ps.EP, func(orig string) string {
			b, err := pixelBlock(ps, orig, fresh)
			if err != nil {
				errs = append(errs, ir.Errors(err)...)
			}
			return b
		})
	}
	if len(errs) > 0 {
		errs.Sort()
		return nil, errs
	}
	out := make([][]byte, len(p.Files))
	for i, f := range p.Files {
		out[i] = apply(f.Src, edits[i])
	}
	return out, nil
}

// editable checks that a token the rewrite edits is spelled in the file
// being rewritten.
func editable(f *File, t *hlsl.Token, fn string) *ir.Error {
	switch {
	case t.Ctx != 0:
		chain := f.Unit.PP.Chain(t.Ctx)
		return ir.Errorf(f.Unit.PP.Pos(t), chain, "%s is declared in %s, which %s includes: shpack rewrites the files it is given, not their includes (move %s into %s)",
			fn, f.Unit.PP.Contexts[t.Ctx].File, f.Name, fn, f.Name)
	case !t.Spelled(f.Src):
		return ir.Errorf(f.Unit.PP.Pos(t), nil, "%s comes from a macro expansion here: shpack can only rename what is spelled in the file", fn)
	}
	return nil
}

// restOfLine returns the offset after the end of the line at off when only
// blanks stand between, or -1.
func restOfLine(src []byte, off int) int {
	for i := off; i < len(src); i++ {
		switch src[i] {
		case ' ', '\t', '\r':
		case '\n':
			return i + 1
		default:
			return -1
		}
	}
	return -1
}

// apply performs non-overlapping edits on src.
func apply(src []byte, edits []edit) []byte {
	slices.SortStableFunc(edits, func(a, b edit) int { return cmp.Compare(a.off, b.off) })
	var b strings.Builder
	at := 0
	for _, e := range edits {
		b.Write(src[at:e.off])
		b.WriteString(e.text)
		at = e.end
	}
	b.Write(src[at:])
	return []byte(b.String())
}

// lineDirective gives the text after a generated block the line numbers of
// the user's file: it continues the line of pos.
func lineDirective(pos ir.Pos) string {
	file := strings.NewReplacer(`\`, `\\`, `"`, `\"`).Replace(pos.File)
	return fmt.Sprintf("#line %d \"%s\"", pos.Line, file)
}

// vertexBlock writes the struct and the wrapper of a vertex shader.
func vertexBlock(v *Vertex, orig string, fresh func(string) string) (string, error) {
	regs, err := emit.PackedRegisters(v.Layout)
	if err != nil {
		return "", err
	}
	ep := v.EP
	sig := v.Layout.Sig
	st := fresh(ep.Name + "_Packed")
	names := paramNames(ep)
	retVar := local("shpack_ret", names)
	outVar := local("shpack_out", names)

	var b strings.Builder
	fmt.Fprintf(&b, "\n// Added by shpack: %s writes its %s packed into %s\n",
		ep.Name, plural(len(sig.Elements), "output"), plural(v.Layout.GeneralRegisters(), "general register"))
	fmt.Fprintf(&b, "// (strategy %s; one register per semantic takes %d, vs_3_0 has %d).\n",
		v.Layout.Strategy, v.Unpacked, v.Layout.File.General)
	fmt.Fprintf(&b, "// %s is the vertex shader as written; pixel shaders read the\n// registers below by their semantics.\n", orig)
	fmt.Fprintf(&b, "struct %s\n{\n", st)
	for i := range regs {
		r := &regs[i]
		decl := fmt.Sprintf("%s %s : %s;", emit.FloatType(r.Width), r.Field(), vertexSemantic(sig, r))
		fmt.Fprintf(&b, "    %-28s // o%d: %s\n", decl, r.Num, r.Comment(sig, ""))
	}
	b.WriteString("};\n\n")

	var params, args, locals []string
	for _, p := range ep.Params {
		args = append(args, p.Name)
		switch {
		case p.Uniform || p.In && !p.Out:
			params = append(params, p.Text)
		case p.In && p.Out:
			params = append(params, "in "+p.Bare)
		default: // out: a local the call fills
			locals = append(locals, p.Decl+";")
		}
	}
	fmt.Fprintf(&b, "%s %s(%s)\n{\n", st, ep.Name, strings.Join(params, ", "))
	for _, l := range locals {
		fmt.Fprintf(&b, "    %s\n", l)
	}
	call := fmt.Sprintf("%s(%s);", orig, strings.Join(args, ", "))
	if ep.Return.Type != "void" {
		fmt.Fprintf(&b, "    %s %s = %s\n", ep.Return.Type, retVar, call)
	} else {
		fmt.Fprintf(&b, "    %s\n", call)
	}
	fmt.Fprintf(&b, "    %s %s = (%s)0;\n", st, outVar, st)
	for i := range regs {
		r := &regs[i]
		for _, m := range r.Members {
			e := &sig.Elements[m.Elem]
			src := elementExpr(ep, m.Elem, e, retVar)
			fmt.Fprintf(&b, "    %s.%s%s = %s;\n", outVar, r.Field(), r.Swizzle(m), emit.ToFloat(e, src))
		}
	}
	fmt.Fprintf(&b, "    return %s;\n}\n", outVar)
	return b.String(), nil
}

// vertexSemantic is the semantic a vertex register is declared with: the
// member's own as written for POSITION0 and PSIZE (SV_Position stays
// SV_Position), the portable name of the register otherwise.
func vertexSemantic(sig *ir.Signature, r *emit.PackedRegister) string {
	if r.Role != ir.RoleGeneral && len(r.Members) == 1 {
		s := sig.Elements[r.Members[0].Elem].Semantic
		s.Centroid = false
		return s.String()
	}
	return r.Semantic()
}

// elementExpr is the HLSL expression of output element k inside the vertex
// wrapper: a member of the returned value, or of an out parameter (which
// the wrapper declares as a local of the same name).
func elementExpr(ep *hlsl.EntryPoint, k int, e *ir.Element, retVar string) string {
	if k >= ep.Return.Out[0] && k < ep.Return.Out[1] {
		if ep.Return.Struct {
			return retVar + "." + e.Access
		}
		return retVar + strings.TrimPrefix(e.Access, "return")
	}
	return e.Access
}

// pixelReg is one vertex register a pixel shader reads.
type pixelReg struct {
	reg     *emit.PackedRegister // the vertex side's register
	width   int                  // components declared
	members []pixelMember
}

type pixelMember struct {
	elem int // index in the pixel input signature
	mask ir.Mask
}

// pixelBlock writes the struct and the wrapper of a pixel shader.
func pixelBlock(ps *Pixel, orig string, fresh func(string) string) (string, error) {
	vregs, err := emit.PackedRegisters(ps.VS)
	if err != nil {
		return "", err
	}
	ep := ps.EP
	in := ps.Layout.Sig
	vsig := ps.VS.Sig
	// The vertex element of every general input, by semantic.
	type key struct {
		u   ir.Usage
		idx int
	}
	bySem := map[key]int{}
	for i := range vsig.Elements {
		u, idx, _ := vsig.Elements[i].Semantic.D3D9()
		bySem[key{u, idx}] = i
	}
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
		u, idx, _ := in.Elements[i].Semantic.D3D9()
		j, ok := bySem[key{u, idx}]
		if !ok {
			return "", fmt.Errorf("internal error: %s: no vertex output %s%d", in.Elements[i].Name, u, idx)
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
	// The narrowest declaration of each register among the vertex shaders
	// (a pixel shader's mask is a subset of the vertex shader's).
	for _, other := range ps.Others {
		oregs, err := emit.PackedRegisters(other)
		if err != nil {
			return "", err
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
	}

	names := paramNames(ep)
	st := fresh(ep.Name + "_Packed")
	inVar := local("shpack_in", names)
	var b strings.Builder
	verb := "writes"
	if len(ps.VSNames) > 1 {
		verb = "write"
	}
	fmt.Fprintf(&b, "\n// Added by shpack: %s reads %s that %s %s packed\n",
		ep.Name, plural(len(reads), "register"), joinNames(ps.VSNames), verb)
	fmt.Fprintf(&b, "// (strategy %s). %s is the pixel shader as written.\n", ps.VS.Strategy, orig)
	fmt.Fprintf(&b, "struct %s\n{\n", st)
	for _, pr := range reads {
		mods, sem := pixelDecl(in, pr)
		decl := strings.TrimSpace(fmt.Sprintf("%s %s %s : %s;", mods, emit.FloatType(pr.width), pr.reg.Field(), sem))
		var parts []string
		for _, m := range pr.members {
			parts = append(parts, in.Elements[m.elem].Name+" = ."+m.mask.String())
		}
		fmt.Fprintf(&b, "    %-28s // o%d: %s\n", decl, pr.reg.Num, strings.Join(parts, ", "))
	}
	b.WriteString("};\n\n")

	// Parameters: the packed struct takes the place of the first
	// parameter that reads registers; inputs become locals filled from it.
	var params, args, body []string
	packedAdded := false
	extra := 0
	for _, p := range ep.Params {
		args = append(args, p.Name)
		if p.Uniform || !p.In {
			params = append(params, p.Text)
			continue
		}
		general, special := 0, 0
		for k := p.InElems[0]; k < p.InElems[1]; k++ {
			switch ps.Layout.Place[k].Role {
			case ir.RoleGeneral:
				general++
			case ir.RoleVPos, ir.RoleVFace:
				special++
			}
		}
		if general == 0 && !p.Out {
			params = append(params, p.Text) // VPOS, VFACE, or nothing the vertex shader writes
			continue
		}
		if !packedAdded && general > 0 {
			params = append(params, st+" "+inVar)
			packedAdded = true
		}
		switch {
		case p.Out: // inout: the pixel output passes through, its input comes from the registers
			params = append(params, "out "+p.Bare)
		case p.Struct:
			body = append(body, fmt.Sprintf("%s = (%s)0;", p.Decl, p.Type))
		default:
			body = append(body, p.Decl+";")
		}
		for k := p.InElems[0]; k < p.InElems[1]; k++ {
			e := &in.Elements[k]
			switch ps.Layout.Place[k].Role {
			case ir.RoleVPos, ir.RoleVFace:
				// A special input inside a struct: one more parameter.
				kind := "vpos"
				if ps.Layout.Place[k].Role == ir.RoleVFace {
					kind = "vface"
				}
				name := local(fmt.Sprintf("shpack_%s%d", kind, extra), names)
				extra++
				params = append(params, fmt.Sprintf("%s %s : %s", elementType(e), name, semanticAsWritten(e)))
				src := name
				if ep.In != nil && k < len(ep.In.Elements) && ep.In.Elements[k].Components > e.Components {
					// A float4 SV_Position read as VPOS, a float2: z 0, w 1.
					src = padded(name, e.Components, ep.In.Elements[k].Components)
				}
				body = append(body, fmt.Sprintf("%s = %s;", e.Access, src))
			}
		}
	}
	if !packedAdded {
		params = append(params, st+" "+inVar)
	}
	for _, pr := range reads {
		for _, m := range pr.members {
			e := &in.Elements[m.elem]
			src := inVar + "." + pr.reg.Field()
			if m.mask != ir.MaskRun(0, pr.width) {
				src += "." + m.mask.String()
			}
			if n, ok := ps.Widen[m.elem]; ok {
				src = padded(src, e.Components, n)
				wide := *e
				wide.Components = n
				e = &wide
			}
			body = append(body, fmt.Sprintf("%s = %s;", e.Access, emit.FromFloat(e, src)))
		}
	}
	head := fmt.Sprintf("%s %s(%s)", ep.Return.Type, ep.Name, strings.Join(params, ", "))
	if ep.Return.Semantic != "" {
		head += " : " + ep.Return.Semantic
	}
	fmt.Fprintf(&b, "%s\n{\n", head)
	for _, l := range body {
		fmt.Fprintf(&b, "    %s\n", l)
	}
	call := fmt.Sprintf("%s(%s);", orig, strings.Join(args, ", "))
	if ep.Return.Type != "void" {
		call = "return " + call
	}
	fmt.Fprintf(&b, "    %s\n}\n", call)
	return b.String(), nil
}

// padded widens a float vector expression of have components to want:
// the missing components are 0, w is 1.
func padded(expr string, have, want int) string {
	parts := []string{expr}
	for c := have; c < want; c++ {
		if c == 3 {
			parts = append(parts, "1")
		} else {
			parts = append(parts, "0")
		}
	}
	return fmt.Sprintf("%s(%s)", emit.FloatType(want), strings.Join(parts, ", "))
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

// semanticAsWritten spells an element's semantic (upper case, with its
// index).
func semanticAsWritten(e *ir.Element) string { return e.Semantic.String() }

// paramNames is the set of an entry point's parameter names.
func paramNames(ep *hlsl.EntryPoint) map[string]bool {
	names := map[string]bool{}
	for _, p := range ep.Params {
		names[p.Name] = true
	}
	return names
}

// local picks a local variable name that no parameter has.
func local(base string, names map[string]bool) string {
	name := base
	for n := 2; names[name]; n++ {
		name = base + strconv.Itoa(n)
	}
	names[name] = true
	return name
}

func plural(n int, word string) string {
	if n == 1 {
		return "1 " + word
	}
	return strconv.Itoa(n) + " " + word + "s"
}

func joinNames(names []string) string {
	switch len(names) {
	case 0:
		return "the vertex shader"
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " and " + names[len(names)-1]
}
