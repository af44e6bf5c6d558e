package driver

import (
	"fmt"
	"slices"
	"strings"

	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/rewrite"
)

// Permutation guards.
//
// A rewrite packs the interface it reads, which the macros of the run
// (-D, and the file's own #defines) chose: a member between #ifdef
// SHADOW and #endif is packed or not. Compiled with other macros, the
// rewritten file would declare a packed struct for a permutation it is
// not, which fails at best ("Field ShadowPos is not defined") and reads
// the wrong registers at worst. So a rewritten entry point whose
// interface depends on macros carries a guard: an #if that holds exactly
// in the permutation the rewrite read, and an #error naming it otherwise.
//
// The interface depends on the conditionals (pp.Conditional) that hold
// one of its elements, or stand between two of them in one file, or
// inside the definition of a struct it returns or takes, or between the
// start of the entry point's definition and its body (its parameters);
// include guards do not count. It depends too on the macros spelled
// there (pp.MacroUse: an array size), unless a file defines them outside
// any conditional. Each such conditional
// recorded the macros its evaluated conditions named, as they were: with
// them alike, every one of those conditionals takes the same group, so
// the interface is the same. The guard states them (defined or not, and
// an integer value), which is exact for conditions on definedness and on
// integer macros, and stricter than needed otherwise (a macro defined as
// a word is only required to be defined): it never lets another
// permutation through silently, which is the point.

// A guardDep is what an interface depends on: the conditionals and the
// states their macros had.
type guardDep struct {
	at     ir.Pos // the first conditional, for the note
	macros []hlsl.MacroState
}

// interfaceGuard finds what the interface of an entry point (its
// signature sig, which its definition declares) depends on; nil if
// nothing.
func interfaceGuard(u *hlsl.Unit, ep *hlsl.EntryPoint, sig *ir.Signature) *guardDep {
	if u.PP == nil || len(u.PP.Conditionals) == 0 && len(u.PP.Uses) == 0 {
		return nil
	}
	type span struct {
		file     string
		from, to int
	}
	var spans []span
	for i := range sig.Elements {
		e := &sig.Elements[i]
		spans = append(spans, span{e.Pos.File, e.Pos.Line, e.Pos.Line})
		if i > 0 && sig.Elements[i-1].Pos.File == e.Pos.File && sig.Elements[i-1].Pos.Line < e.Pos.Line {
			spans = append(spans, span{e.Pos.File, sig.Elements[i-1].Pos.Line, e.Pos.Line})
		}
	}
	// The structs it returns or takes, from "struct" to "}": a member
	// between directives after the last one read is part of it too.
	types := []string{ep.Return.Type}
	for _, p := range ep.Params {
		types = append(types, p.Type)
	}
	for _, t := range types {
		if from, to, ok := u.StructSpan(t); ok && from.File == to.File {
			spans = append(spans, span{from.File, from.Line, to.Line})
		}
	}
	for _, d := range ep.Decls {
		if d.Body == nil {
			continue
		}
		from, to := u.PP.Pos(&d.Start), u.PP.Pos(&d.Body[0])
		spans = append(spans, span{from.File, from.Line, to.Line})
	}
	var dep *guardDep
	for _, c := range u.PP.Conditionals {
		if c.Guard {
			continue
		}
		first, last := c.First, c.Last
		if last == 0 {
			last = int(^uint(0) >> 1) // the file ended inside it
		}
		relevant := slices.ContainsFunc(spans, func(s span) bool {
			// Either the chain holds part of the span, or the span is
			// inside the chain.
			return s.file == c.File && (first >= s.from && first <= s.to || first <= s.from && last >= s.from)
		})
		if !relevant {
			continue
		}
		if dep == nil {
			dep = &guardDep{at: ir.Pos{File: c.File, Line: first, Col: 1}}
		}
		for _, m := range c.Macros {
			dep.add(answered(c, m))
		}
	}
	// Macros spelled in the declarations (an array size, a type): their
	// values are part of the interface.
	for _, use := range u.PP.Uses {
		in := slices.ContainsFunc(spans, func(s span) bool {
			return s.file == use.Pos.File && use.Pos.Line >= s.from && use.Pos.Line <= s.to
		})
		m := u.PP.Definitions[use.Def]
		if !in || m.Fixed {
			continue // a macro no permutation changes
		}
		// A macro a file defines inside conditionals (MonoGame's #define
		// SV_POSITION POSITION under #if OPENGL) is what those
		// conditionals made it: the interface depends on their macros,
		// which the user gives, not on the macro itself.
		if conds := enclosing(u.PP.Conditionals, use.DefPos); len(conds) > 0 {
			for _, c := range conds {
				if dep == nil {
					dep = &guardDep{at: ir.Pos{File: c.File, Line: c.First, Col: 1}}
				}
				for _, cm := range c.Macros {
					dep.add(answered(c, cm))
				}
			}
			continue
		}
		if dep == nil {
			dep = &guardDep{at: use.Pos}
		}
		if k := slices.IndexFunc(dep.macros, func(o hlsl.MacroState) bool { return sameState(o, m) }); k < 0 {
			dep.macros = append(dep.macros, m)
		} else {
			dep.macros[k].ValueRead = true
		}
	}
	return dep
}

// add records a macro state a conditional read, once per state.
func (g *guardDep) add(m hlsl.MacroState) {
	k := slices.IndexFunc(g.macros, func(o hlsl.MacroState) bool { return sameState(o, m) })
	if k < 0 {
		g.macros = append(g.macros, m)
		return
	}
	g.macros[k].ValueRead = g.macros[k].ValueRead || m.ValueRead
	g.macros[k].DefinedRead = g.macros[k].DefinedRead || m.DefinedRead
}

// answered is macro m as conditional c's condition read it, unless c's
// own group then defined it (#ifndef REAL4 ... #define REAL4 half4): the
// macro's state after c is that definition, whatever it was when read,
// and the guard, written after c, tests that (with the reads m made).
func answered(c hlsl.Conditional, m hlsl.MacroState) hlsl.MacroState {
	i := slices.IndexFunc(c.Defines, func(d hlsl.MacroState) bool { return d.Name == m.Name })
	if i < 0 {
		return m
	}
	d := c.Defines[i]
	d.ValueRead, d.DefinedRead = m.ValueRead, m.DefinedRead
	return d
}

// enclosing returns the conditionals (include guards aside) whose lines
// hold position at, outermost first: those a #define there is under.
func enclosing(conds []hlsl.Conditional, at ir.Pos) []hlsl.Conditional {
	var out []hlsl.Conditional
	for _, c := range conds {
		last := c.Last
		if last == 0 {
			last = int(^uint(0) >> 1)
		}
		if !c.Guard && !c.Skipped && c.File == at.File && c.First < at.Line && at.Line < last {
			out = append(out, c)
		}
	}
	return out
}

// names lists the macros the interface depends on.
func (g *guardDep) names() []string {
	var out []string
	for _, m := range g.macros {
		if !slices.Contains(out, m.Name) {
			out = append(out, m.Name)
		}
	}
	return out
}

// guard writes the #if condition that holds in the permutation read. A
// macro seen in two states (redefined between two conditionals) is left
// out: no single state holds where the guard stands.
func (g *guardDep) guard(entry string) *rewrite.Guard {
	var terms []string
	for _, m := range g.macros {
		conflict := slices.ContainsFunc(g.macros, func(o hlsl.MacroState) bool { return o.Name == m.Name && !sameState(o, m) })
		if conflict {
			continue
		}
		terms = append(terms, rewrite.MacroCondition(m))
	}
	if len(terms) == 0 {
		return nil
	}
	var state []string
	for _, m := range g.macros {
		switch {
		case !m.Defined:
		case m.Value != "" && m.Value != "1" && m.ValueRead:
			state = append(state, "-D"+m.Name+"="+m.Value)
		default:
			state = append(state, "-D"+m.Name)
		}
	}
	perm := "with none of " + strings.Join(g.names(), ", ") + " defined"
	if len(state) > 0 {
		perm = strings.Join(state, " ")
	}
	return &rewrite.Guard{
		Cond: strings.Join(terms, " && "),
		Message: fmt.Sprintf("shpack rewrote %s for one permutation (%s): its interface depends on %s. Rewrite it with the permutations listed (one source for all), or for each permutation apart",
			entry, perm, strings.Join(g.names(), ", ")),
	}
}

// guardFor returns the guard of an entry point of file (nil if its
// interface depends on no macro) and says so in a note.
func (w *rewriter) guardFor(file int, ep *hlsl.EntryPoint, sig *ir.Signature, notes *[]ir.Note) *rewrite.Guard {
	dep := interfaceGuard(w.units[file], ep, sig)
	var g *rewrite.Guard
	if dep != nil {
		g = dep.guard(ep.Name)
	}
	if w.hooks.guards != nil {
		// A rewrite of variants writes the conditions itself.
		if g != nil {
			w.hooks.guards[ep.Name] = g.Cond
		}
		return nil
	}
	if g == nil {
		return nil
	}
	*notes = append(*notes, ir.Note{Pos: ep.Pos, Msg: fmt.Sprintf("%s: its interface depends on %s (the #if at %s): the rewrite packs it as these macros have it, and an #error stops the compiler in any other permutation (#if %s); rewrite it with the permutations listed for one source that serves them all, or each permutation apart",
		ep.Name, strings.Join(dep.names(), ", "), dep.at, g.Cond), Hints: []ir.Hint{{Option: ir.OptVariants, Value: "FILE"}}})
	return g
}

// sameState reports whether two records are of one macro in one state.
func sameState(a, b hlsl.MacroState) bool {
	return a.Name == b.Name && a.Defined == b.Defined && a.FuncLike == b.FuncLike && a.Value == b.Value
}
