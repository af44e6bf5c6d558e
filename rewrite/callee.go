package rewrite

import (
	"fmt"
	"strings"

	"github.com/shpack/shpack/hlsl"
)

// Packing what a called function returns.
//
// A vertex entry that returns what another function returns (X-Ray's
// "vf main(v_model v) { return _main(v); }") reads that value once per
// member through its NAME_RETURN macro: written NAME_RETURN(_main(v)),
// the call is repeated in every register's constructor, and a compiler
// pays for each repetition of a function that works (the skinned model
// shaders: r11 to r14 temporaries, 316 to 890 instructions, with vkd3d
// 1.17). Bound once into a local, the struct's copy costs temporaries of
// its own (r9 to r11 on a small case). What costs what the original
// costs is the original's own shape: the called function returns the
// packed struct itself, through the macro, from its own locals. So the
// rewrite adds a copy of the called function, renamed (_main_packed),
// whose return type is the packed struct and whose returns go through the
// macro (a return of another such call, a copy of that one in turn), and
// the entry returns a call of the copy. The function itself stays as it
// is for its other callers.
//
// It is done only where it is plain: the called function does work
// (hlsl.Unit.DoesWork; one of constants the compiler folds when the call
// is repeated), returns the entry's struct, is defined once, in the
// entry's file or in the main file that includes it, with its return
// type, name and returns spelled in the text and its conditionals whole;
// and the entry has no out parameters (the macro reads them as the
// entry's locals). Otherwise the return is written as before.

// calleeCopies are the copies one vertex entry's returns call.
type calleeCopies struct {
	f     *file
	ret   string // the entry's return type
	st    string // the packed struct
	macro string
	// names gives, by called function, its copy's name ("" if it cannot
	// be copied); texts are the copies, each after those it calls.
	names map[string]string
	texts []string
	depth int
}

// copyFor returns the name of the copy a "return EXPR;" calls instead,
// making it the first time: EXPR must be one call of a function that can
// be copied (see above).
func (c *calleeCopies) copyFor(expr []hlsl.Token) (string, bool) {
	if len(expr) < 3 || expr[0].Kind != hlsl.TokIdent || expr[1].Text != "(" || hlsl.MatchClose(expr, 1) != len(expr)-1 {
		return "", false
	}
	callee := expr[0].Text
	if name, seen := c.names[callee]; seen {
		return name, name != ""
	}
	c.names[callee] = ""
	u := c.f.Unit
	if c.depth >= 4 || !u.DoesWork(callee) || u.ReturnStruct(callee) != c.ret {
		return "", false
	}
	def, ok := u.Definition(callee)
	if !ok || len(def.Sem) > 0 {
		return "", false
	}
	src := c.f
	if def.Start.Ctx != c.f.ctx {
		if c.f.main == nil || def.Start.Ctx != c.f.main.ctx {
			return "", false
		}
		src = c.f.main
	}
	plain := func(ts ...hlsl.Token) bool {
		for i := range ts {
			if ts[i].Ctx != src.ctx || !ts[i].Spelled(src.Src) {
				return false
			}
		}
		return true
	}
	if !plain(def.Start, def.End, def.Name) || !plain(def.Ret...) {
		return "", false
	}
	from, to := int(def.Start.Off), end(&def.End)
	if up, down := cleanText(string(src.Src[from:to])); up || down {
		return "", false
	}
	name := c.f.a.fresh(callee + "_packed")
	c.names[callee] = name
	c.depth++
	defer func() { c.depth-- }()

	var b strings.Builder
	comment(&b, fmt.Sprintf("Added by shpack: a copy of %s that returns %s through %s, so that what %s returns is computed once.", callee, c.st, c.macro, callee))
	pos := u.PP.Pos(&def.Start)
	b.WriteString(LineDirective(pos.File, pos.Line) + "\n")
	b.WriteString(src.text(from, int(def.Ret[0].Off)))
	b.WriteString(c.st)
	b.WriteString(src.text(end(&def.Ret[len(def.Ret)-1]), int(def.Name.Off)))
	b.WriteString(name)
	at := end(&def.Name)
	for _, r := range returns(def.Body) {
		if len(r.expr) == 0 || !plain(*r.ret, *r.semi) || !plain(r.expr...) {
			c.names[callee] = ""
			return "", false
		}
		b.WriteString(src.text(at, int(r.ret.Off)))
		b.WriteString(c.packedReturn(src, r.expr))
		at = end(r.semi)
	}
	b.WriteString(src.text(at, to))
	b.WriteString("\n")
	c.texts = append(c.texts, b.String())
	return name, true
}

// packedReturn is the text that replaces "return EXPR;" (EXPR spelled in
// src) in a function that returns the packed struct, the entry or a copy:
// a call of a copy, or the macro (EXPR evaluated once, into a local, when
// it assigns something).
func (c *calleeCopies) packedReturn(src *file, expr []hlsl.Token) string {
	exprText := src.text(int(expr[0].Off), end(&expr[len(expr)-1]))
	if name, ok := c.copyFor(expr); ok {
		return "return " + name + strings.TrimPrefix(exprText, expr[0].Text) + ";"
	}
	switch {
	case sideEffects(expr):
		// Evaluated once: a local, which may cost temporaries.
		tmp := c.f.a.local("shpack_ret")
		return "{ " + c.ret + " " + tmp + " = " + exprText + "; " + c.macro + "(" + tmp + ") }"
	case topComma(expr):
		return c.macro + "((" + exprText + "))"
	}
	return c.macro + "(" + exprText + ")"
}
