package rewrite

import (
	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/hlsl/pp"
	"github.com/shpack/shpack/ir"
)

// Text a macro spelled. Engines spell declarations through macros
// (QUAD_REAL4 QuadPS(...), _out main(_in v) with #define _out v2p), so a
// token the rewrite edits may be one a macro's expansion made rather than
// one spelled in the file. Such a token stands, in the file, for its
// macro's whole invocation: the name, and for a function-like macro its
// arguments to the closing parenthesis (the preprocessor records each
// invocation's bytes, pp.MacroUse). A run of tokens can be replaced, or
// copied, as the text from the start of its first token's invocation to
// the end of its last's, as long as those invocations make nothing
// outside the run: "QUAD_OUT QuadVS(" is edited as "QUAD_OUT", but a
// macro that spells the return type and the name at once cannot have one
// replaced without the other, and is an error that names the macro and
// where it is defined.

// useKey finds the invocation that made a token: its file's include
// context and the offset of the invocation there.
type useKey struct{ ctx, off int32 }

// uses indexes the recorded macro invocations of f's unit, built once.
func (f *file) uses() map[useKey]*pp.MacroUse {
	if f.a.useIndex == nil {
		f.a.useIndex = map[*hlsl.Unit]map[useKey]*pp.MacroUse{}
	}
	idx, ok := f.a.useIndex[f.Unit]
	if !ok {
		idx = map[useKey]*pp.MacroUse{}
		for i := range f.Unit.PP.Uses {
			u := &f.Unit.PP.Uses[i]
			idx[useKey{u.Ctx, u.Off}] = u
		}
		f.a.useIndex[f.Unit] = idx
	}
	return idx
}

// invocation returns the macro invocation that made t, nil if t is
// spelled in its file as it is (or made by something the preprocessor did
// not record).
func (f *file) invocation(t *hlsl.Token) *pp.MacroUse {
	if t.Spelled(f.Src) || !t.Expanded {
		return nil
	}
	return f.uses()[useKey{t.Ctx, t.Off}]
}

// tokenEnd is the offset after the text t stands for in its file: its
// own end, or its invocation's; -1 when not known.
func (f *file) tokenEnd(t *hlsl.Token) int {
	if t.Spelled(f.Src) {
		return end(t)
	}
	if u := f.invocation(t); u != nil && u.End >= 0 {
		return int(u.End)
	}
	return -1
}

// extent returns the bytes of the file that the run of tokens first..last
// stands for, macro invocations whole. prev and next are the tokens
// around the run (nil where there is none): an invocation at an end of
// the run that also makes one of them cannot be cut, and then, or when a
// token is in another file or its invocation's end is not known, extent
// reports why (what names the run, fn the function) and returns false.
func (f *file) extent(first, last, prev, next *hlsl.Token, fn, what string) (from, to int, ok bool) {
	for _, t := range []*hlsl.Token{first, last} {
		if t.Ctx != f.ctx {
			return 0, 0, f.editable(t, fn) // says why
		}
	}
	from, to = int(first.Off), f.tokenEnd(last)
	if !first.Spelled(f.Src) && f.invocation(first) == nil || to < 0 {
		return 0, 0, f.editable(first, fn)
	}
	cut := func(t *hlsl.Token, other *hlsl.Token) bool {
		f.a.errs = append(f.a.errs, f.macroErrorf(t, "%s: %s comes from the macro %s, which also makes %q: shpack edits the file's text, and cannot replace part of a macro's invocation (spell %s outside the macro)", fn, what, f.macroName(t), other.Text, what))
		return false
	}
	if prev != nil && prev.Ctx == f.ctx {
		if e := f.tokenEnd(prev); e > from || e < 0 && prev.Off == first.Off {
			return 0, 0, cut(first, prev)
		}
	}
	if next != nil && next.Ctx == f.ctx && int(next.Off) < to {
		return 0, 0, cut(last, next)
	}
	return from, to, true
}

// macroName names the macro that made t, as the file invokes it.
func (f *file) macroName(t *hlsl.Token) string {
	if u := f.invocation(t); u != nil && int(u.Def) < len(f.Unit.PP.Definitions) {
		return f.Unit.PP.Definitions[u.Def].Name
	}
	return "(unknown)"
}

// macroErrorf is an error at the invocation that made t, with a note at
// the macro's definition.
func (f *file) macroErrorf(t *hlsl.Token, format string, args ...any) *ir.Error {
	e := ir.Errorf(f.Unit.PP.Pos(t), f.Unit.PP.Chain(t.Ctx), format, args...)
	if u := f.invocation(t); u != nil && u.DefPos.File != "" {
		e.Notes = append(e.Notes, ir.Note{Pos: u.DefPos, Msg: f.macroName(t) + " is defined here"})
	}
	return e
}
