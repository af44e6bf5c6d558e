package rewrite

import (
	"fmt"
	"strings"

	"github.com/shpack/shpack/emit"
	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/ir"
)

// vertex edits a vertex shader in place: it returns the packed struct,
// its returns go through the NAME_RETURN macro, its out parameters are
// locals, and inout parameters are in parameters (their output is read
// back from the local they are). orig, when not "", names the copy of
// the original that its other callers call.
func (f *file) vertex(v *Vertex, orig string) {
	ep := v.EP
	regs, err := emit.PackedRegisters(v.Layout)
	if err != nil {
		f.a.errs = append(f.a.errs, ir.Errors(err)...)
		return
	}
	def := definition(ep)
	if def == nil {
		f.a.errs = append(f.a.errs, ir.Errorf(ep.Pos, nil, "%s: no definition to edit", ep.Name))
		return
	}
	sig := v.Layout.Sig
	st := f.a.fresh(ep.Name + "_Packed")
	macro := f.a.fresh(ep.Name + "_RETURN")
	outVar := f.a.local("shpack_out")
	arg := f.a.local("shpack_e")
	void := ep.Return.Type == "void"

	// The block: the struct, then the macro that packs a return.
	var outs []string
	for _, p := range ep.Params {
		if p.Out && !p.In {
			outs = append(outs, p.Name)
		}
	}
	text := fmt.Sprintf("Added by shpack: %s writes its %s packed into %s (strategy %s; one register per semantic takes %d, vs_3_0 has %d). It returns them as a %s: each return goes through %s",
		ep.Name, plural(len(sig.Elements), "output"), plural(v.Layout.GeneralRegisters(), "general register"),
		v.Layout.Strategy, v.Unpacked, v.Layout.File.General, st, macro)
	if len(outs) > 0 {
		text += fmt.Sprintf(", and its out parameters (%s) are locals", strings.Join(outs, ", "))
	}
	var b strings.Builder
	comment(&b, text+".")
	v.Guard.write(&b)
	fmt.Fprintf(&b, "struct %s\n{\n", st)
	for i := range regs {
		r := &regs[i]
		decl := fmt.Sprintf("%s %s : %s;", r.Type(), f.field(r.Num), vertexSemantic(sig, r))
		fmt.Fprintf(&b, "    %-28s // o%d: %s\n", decl, r.Num, r.Comment(sig, ""))
	}
	b.WriteString("};\n")
	retExpr := "(" + arg + ")"
	head := macro + "(" + arg + ")"
	if void {
		head = macro
	}
	lines := []string{fmt.Sprintf("{ %s %s;", st, outVar)}
	for i := range regs {
		r := &regs[i]
		value := r.Value(sig, true, func(k int) string { return emit.Read(&sig.Elements[k], elementExpr(ep, k, &sig.Elements[k], retExpr)) })
		lines = append(lines, fmt.Sprintf("%s.%s = %s;", outVar, f.field(r.Num), value))
	}
	lines = append(lines, fmt.Sprintf("return %s; }", outVar))
	writeMacro(&b, head, lines)

	// A return of what a function that works returns calls a copy of it
	// that returns the packed struct (callee.go): the copies come after
	// the macro they use.
	calls := &calleeCopies{f: f, ret: ep.Return.Type, st: st, macro: macro, names: map[string]string{}}
	if !void && len(outs) == 0 && len(def.Body) > 0 {
		for _, r := range returns(def.Body) {
			calls.copyFor(r.expr)
		}
		for _, t := range calls.texts {
			b.WriteString(t)
		}
	}

	// The header: the return type, no return semantic, out parameters
	// gone, inout parameters in.
	params := make([]paramEdit, len(ep.Params))
	for i, p := range ep.Params {
		switch {
		case p.Uniform:
		case p.Out && !p.In:
			params[i].remove = true
		case p.Out:
			params[i].keyword = "in"
		}
	}
	f.editHeader(ep, b.String(), st, true, params, nil, orig)

	// The body: out parameters declared at its start, every return
	// through the macro, and one more before the end of a void function.
	open, close := &def.Body[0], &def.Body[len(def.Body)-1]
	if !f.editable(open, ep.Name) || !f.editable(close, ep.Name) {
		return
	}
	var locals []string
	for _, p := range ep.Params {
		if p.Out && !p.In {
			locals = append(locals, p.Decl+";")
		}
	}
	if len(locals) > 0 {
		f.replace(end(open), end(open), " "+strings.Join(locals, " "))
	}
	for _, r := range returns(def.Body) {
		if !f.editable(r.ret, ep.Name) || !f.editable(r.semi, ep.Name) {
			return
		}
		if void {
			f.replace(int(r.ret.Off), end(r.semi), macro)
			continue
		}
		if len(r.expr) == 0 {
			f.a.errs = append(f.a.errs, ir.Errorf(f.Unit.PP.Pos(r.ret), nil, "%s: a return without a value in a function that returns %s", ep.Name, ep.Return.Type))
			return
		}
		if !f.editableRun(r.expr, ep.Name) {
			return
		}
		f.replace(int(r.ret.Off), end(r.semi), calls.packedReturn(f, r.expr))
	}
	if void {
		f.replace(int(close.Off), int(close.Off), macro+" ")
	}
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

// elementExpr is the HLSL expression of output element k: a member of the
// returned value retExpr, or of an out or inout parameter, which the
// function holds in a variable of the same name.
func elementExpr(ep *hlsl.EntryPoint, k int, e *ir.Element, retExpr string) string {
	if k >= ep.Return.Out[0] && k < ep.Return.Out[1] {
		if ep.Return.Struct {
			return retExpr + "." + e.Access
		}
		return retExpr + strings.TrimPrefix(e.Access, "return")
	}
	return e.Access
}

// definition is the declaration of ep that has a body.
func definition(ep *hlsl.EntryPoint) *hlsl.FuncSyntax {
	for i := range ep.Decls {
		if ep.Decls[i].Body != nil {
			return &ep.Decls[i]
		}
	}
	return nil
}
