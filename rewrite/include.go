package rewrite

import (
	"bytes"
	"cmp"
	"fmt"
	"maps"
	"slices"

	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/ir"
)

// Entry functions defined in an included file.
//
// A header is shared: other effects include it, and the build may not own
// it. So the rewrite leaves it alone and edits the file that includes
// it, around its #include line:
//
//	#define mainVS mainVS_unpacked
//	#include "common.fxh"
//	#undef mainVS
//	... the generated block ...
//	#line 16 "common.fxh"
//	VS_Packed mainVS(...) { ... }    // the header's definition, edited
//	#line 2 "main.fx"
//
// The macro renames the header's definition, and every use of the name
// inside the header (its own calls, techniques), to the original under a
// fresh name; after the #include, the edited copy of the definition
// takes the entry point's name, for the techniques and --entry of the file
// that includes it. Calls of the entry function in that file go to the
// original (they are renamed, as calls of an entry function are), calls
// in other included files cannot be and are an error. The copy is the
// header's definition with exactly the edits the rewrite makes to a
// definition in the main file, and #line gives its lines the header's
// numbers, so a compiler's messages still point at the header.

// include is an included file that defines entry functions to rewrite.
type include struct {
	f       *file
	entries []includedEntry
}

// includedEntry is one entry function of an include, with the name the
// macro gives its original.
type includedEntry struct {
	ep   *hlsl.EntryPoint
	def  *hlsl.FuncSyntax
	orig string
}

// includedDefinition returns the context of the file that defines ep when
// it is not the main file of f (0 otherwise).
func includedDefinition(ep *hlsl.EntryPoint) int32 {
	if def := definition(ep); def != nil {
		return def.Start.Ctx
	}
	return 0
}

// includeFile returns the file object for include context ctx of main
// file f, reading it the first time; nil after an error.
func (a *applier) includeFile(main *file, ctx int32, ep *hlsl.EntryPoint) *include {
	key := includeKey{main, ctx}
	if inc, ok := a.includes[key]; ok {
		return inc
	}
	pp := main.Unit.PP
	path := pp.Contexts[ctx].Path
	if a.readInclude == nil {
		main.editable(&definition(ep).Start, ep.Name) // says why
		return nil
	}
	src, err := a.readInclude(path)
	if err != nil {
		a.errs = append(a.errs, ir.Errorf(pp.Pos(&definition(ep).Start), pp.Chain(ctx), "%s is defined in %s, which cannot be read again to rewrite it: %v", ep.Name, path, err))
		return nil
	}
	f := &file{File: &File{Name: path, Src: src, Unit: main.Unit}, a: a, renames: map[int]edit{}, prefix: main.prefix, ctx: ctx, main: main}
	inc := &include{f: f}
	a.includes[key] = inc
	return inc
}

// An includeKey names an include context of one main file: each file
// given is preprocessed on its own, and numbers its contexts from 1 (two
// wrappers that each include one stage's header both have a context 1).
type includeKey struct {
	main *file
	ctx  int32
}

// only returns ep with its definition as its only declaration: a
// prototype elsewhere declares the header's original, which the macro
// renames.
func only(ep *hlsl.EntryPoint) *hlsl.EntryPoint {
	c := *ep
	c.Decls = []hlsl.FuncSyntax{*definition(ep)}
	return &c
}

// placeIncludes puts each include's edited definitions into the main file
// that includes it (see above).
func (a *applier) placeIncludes() {
	keys := slices.Collect(maps.Keys(a.includes))
	index := func(f *file) int { return slices.Index(a.files, f) }
	slices.SortFunc(keys, func(x, y includeKey) int {
		return cmp.Or(cmp.Compare(index(x.main), index(y.main)), cmp.Compare(x.ctx, y.ctx))
	})
	for _, k := range keys {
		inc, c := a.includes[k], k.ctx
		if len(inc.entries) == 0 {
			continue
		}
		main, h := inc.f.main, inc.f
		pp := main.Unit.PP
		top := c
		for pp.Contexts[top].Parent > 0 {
			top = pp.Contexts[top].Parent
		}
		dir := pp.Contexts[top]
		lineStart := int(dir.FromOff)
		for lineStart > bomLen(main.Src) && main.Src[lineStart-1] != '\n' {
			lineStart--
		}
		lineEnd := bytes.IndexByte(main.Src[dir.FromOff:], '\n')
		lead := ""
		if lineEnd < 0 {
			lineEnd, lead = len(main.Src), "\n"
		} else {
			lineEnd += int(dir.FromOff) + 1
		}
		edits := h.resolved()
		slices.SortFunc(inc.entries, func(x, y includedEntry) int { return int(x.def.Start.Off) - int(y.def.Start.Off) })
		for _, e := range inc.entries {
			from := int(e.def.Start.Off)
			for from > bomLen(h.Src) && h.Src[from-1] != '\n' {
				from--
			}
			to := end(&e.def.End)
			// A definition whose declaration stands between #if lines
			// (#ifdef FULL / float4 main(V2P_full I) / #else / ... /
			// #endif / { ... }) is copied with the whole chain, whose
			// other groups the compiler skips as it did in the header.
			declFrom := from
			from, to, ok := wholeChains(h.Src, from, to)
			if !ok {
				a.errs = append(a.errs, ir.Errorf(pp.Pos(&e.def.Start), pp.Chain(c), "%s: its definition in %s stands between #if lines that reach past the file, which a copy of it cannot hold", e.ep.Name, h.Name))
				return
			}
			for _, ed := range edits {
				if ed.Entry != e.ep.Name {
					continue
				}
				if ed.Off < from || ed.End > to {
					a.errs = append(a.errs, ir.Errorf(pp.Pos(&e.def.Start), pp.Chain(c), "%s: the rewrite edits %s outside its definition, which a copy of the definition cannot hold", e.ep.Name, h.Name))
					return
				}
			}
			copyText := string(ApplyEdits(h.Src[from:to], rebase(edits, e.ep.Name, from)))
			if from < declFrom {
				// The copy starts with the chain's #if: its lines are
				// numbered as the header's too.
				pos := pp.Pos(&e.def.Start)
				copyText = LineDirective(pos.File, pos.Line-bytes.Count(h.Src[from:declFrom], []byte("\n"))) + "\n" + copyText
			}
			// First among the edits at these offsets: the include's
			// definitions come right after it, before a block of the
			// file's own next function.
			main.edits = append([]edit{
				{off: lineStart, end: lineStart, text: main.lineEnds(lineStart, fmt.Sprintf("#define %s %s\n%s\n", e.ep.Name, e.orig, LineDirective(dir.From.File, dir.From.Line))), entry: e.ep.Name},
				{off: lineEnd, end: lineEnd, text: main.lineEnds(lineStart, lead+"#undef "+e.ep.Name+"\n"+copyText+"\n"+LineDirective(dir.From.File, dir.From.Line+1)+"\n"), entry: e.ep.Name, block: true},
			}, main.edits...)
		}
	}
}

// rebase returns the edits of entry, moved to offsets from from.
func rebase(edits []Edit, entry string, from int) []Edit {
	var out []Edit
	for _, e := range edits {
		if e.Entry == entry {
			out = append(out, Edit{Off: e.Off - from, End: e.End - from, Text: e.Text})
		}
	}
	return out
}

// wholeChains grows src[from:to), whole lines, until the #if chains in
// it are whole (cleanText, as a merge's regions grow): false when one
// reaches past the file.
func wholeChains(src []byte, from, to int) (int, int, bool) {
	for {
		up, down := cleanText(string(src[from:to]))
		switch {
		case !up && !down:
			return from, to, true
		case up && from <= bomLen(src), down && to >= len(src):
			return from, to, false
		}
		if up {
			from--
			for from > bomLen(src) && src[from-1] != '\n' {
				from--
			}
		}
		if down {
			if i := bytes.IndexByte(src[to:], '\n'); i >= 0 {
				to += i + 1
			} else {
				to = len(src)
			}
		}
	}
}
