package driver

import (
	"errors"
	"fmt"
	"maps"
	"slices"

	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/layoutfile"
	"github.com/shpack/shpack/pack"
	"github.com/shpack/shpack/rewrite"
)

// Rewriting one stage alone, through a layout file.
//
// An engine that builds the vertex and the pixel stage in separate steps
// (fxc /T vs_3_0 FooV.hlsl, then fxc /T ps_3_0 FooP.hlsl) rewrites each
// in its own call: the vertex shader's call plans its layout and writes
// it (RewriteOptions.LayoutOut), or applies one planned before
// (RewriteOptions.Layout); the pixel shader's call derives its inputs from
// the layout file's vertex layout exactly as a call with both would
// (pack.Derive), so the two calls agree by construction. A stage rewritten
// alone is always rewritten, fitting or not: the other stage is built from
// the file and reads the packed registers.

// rewriteStage rewrites the one entry point the options name.
func (w *rewriter) rewriteStage(plan *rewrite.Plan) {
	name, stage := w.opts.VSEntry, ir.Vertex
	if name == "" {
		name, stage = w.opts.PSEntry, ir.Pixel
	}
	n, ok := w.find(name, stage)
	if !ok {
		return
	}
	for _, p := range w.pairs {
		if p.vs == n || p.ps == n {
			w.errs = append(w.errs, ir.Errorf(p.pos, nil, "%s is linked with %s in %s: rewrite the pair in one call (the passes of the techniques name both), not %s alone",
				name, other(p, n).name, p.where(), name))
			return
		}
	}
	ep, err := w.entry(n)
	if err != nil {
		w.fail(ir.Pos{File: w.srcs[n.file].Name}, err)
		return
	}
	if stage == ir.Vertex {
		w.rewriteVertexAlone(n, plan)
		return
	}
	psFile, _ := ir.LookupRegisterFile("ps_3_0", ir.In)
	d, err := deriveFromFile(w.opts.Layout, name, ep.In, psFile, true)
	if err != nil {
		w.fail(ep.Pos, err)
		return
	}
	px := &rewrite.Pixel{File: n.file, EP: ep, VS: d.vs[0], Others: d.vs[1:], Layout: d.layout, VSNames: d.names, Widen: d.widen}
	if len(px.VSNames) == 0 {
		px.VSNames = []string{"the layout file's vertex shader"}
	}
	px.Guard = w.guardFor(n.file, ep, ep.In, &w.res.Notes)
	plan.Pixel = append(plan.Pixel, *px)
	w.res.Pairs = append(w.res.Pairs, RewrittenPair{PS: name, PSLayout: px.Layout, VSLayout: px.VS, Rewritten: true})
	w.res.Notes = append(w.res.Notes, ir.Note{Pos: ep.Pos, Packed: true, Msg: fmt.Sprintf("%s: reads %d of the layout file's %d general registers (%s)",
		name, px.Layout.GeneralRegisters(), px.VS.GeneralRegisters(), w.opts.Layout.Name)})
	for _, i := range slices.Sorted(maps.Keys(px.Widen)) {
		e := &ep.In.Elements[i]
		w.note(e.Pos, "%s: %s reads %d components of %s, but the layout file has %d: the rewrite passes the others as 0 (w as 1)",
			e.Name, name, e.Components, e.Semantic, px.Layout.Sig.Elements[i].Components)
	}
}

func other(p pair, n node) node {
	if p.vs == n {
		return p.ps
	}
	return p.vs
}

// rewriteVertexAlone plans (or applies) the layout of a vertex shader
// rewritten alone and records its interface.
func (w *rewriter) rewriteVertexAlone(n node, plan *rewrite.Plan) {
	ep := w.eps[n]
	vsFile := ir.VS30Out()
	unpacked := 0
	fxc, ferr := pack.ForFile(pack.FXC{}, ep.Out, vsFile, ir.Constraints{MixColor: w.opts.MixColor})
	var oe *pack.OverflowError
	switch {
	case ferr == nil:
		unpacked = fxc.GeneralRegisters()
	case errors.As(ferr, &oe):
		unpacked = oe.Needed
	default:
		w.fail(ep.Pos, ferr)
		return
	}
	// Alone, the groups are the vertex shader's own kinds of type: an
	// int output shares only with ints (a pixel shader built from the
	// file reads it as the type it was written).
	sig, err := w.typeGroups(nil, n, ep.Out)
	if err != nil {
		w.fail(ep.Pos, err)
		return
	}
	var l *ir.Layout
	if lf := w.opts.Layout; lf != nil {
		it, ferr := lf.Find(n.name, ir.Vertex)
		if ferr == nil {
			l, err = it.Apply(sig, lf.Name)
		} else {
			err = ferr
		}
	} else {
		cons := ir.Constraints{MixColor: w.opts.MixColor, Portable: true, TexcoordNames: w.opts.TexcoordNames}
		l, err = pack.ForFile(w.opts.strategy(), sig, vsFile, cons)
		if err != nil && sig != ep.Out {
			// As for a pair: int and bool outputs kept in registers of
			// their own can cost the registers that let it fit; then they
			// share, converted on their way.
			if l2, err2 := pack.ForFile(w.opts.strategy(), ep.Out, vsFile, cons); err2 == nil {
				why := err.Error()
				if el := ir.Errors(err); len(el) > 0 {
					why = el[0].Msg
				}
				w.note(ep.Pos, "%s: its int, uint or bool outputs share registers with outputs of other types, or it would not fit vs_3_0 (%s): they are converted to float and back on their way, which keeps whole numbers and truth values but not a float read as an int",
					n.name, why)
				l, err = l2, nil
			}
		}
	}
	if err != nil {
		w.fail(ep.Pos, err)
		return
	}
	plan.Vertex = append(plan.Vertex, rewrite.Vertex{File: n.file, EP: ep, Layout: l, Unpacked: unpacked, Guard: w.guardFor(n.file, ep, ep.Out, &w.res.Notes)})
	w.res.Pairs = append(w.res.Pairs, RewrittenPair{VS: n.name, VSLayout: l, Rewritten: true, vsFile: n.file})
	how := "planned here"
	if w.opts.Layout != nil {
		how = "as the layout file " + w.opts.Layout.Name + " says"
	}
	w.res.Notes = append(w.res.Notes, ir.Note{Pos: ep.Pos, Packed: true, Msg: fmt.Sprintf("%s: %d outputs packed into %d general registers, %s (one register per semantic: %d)",
		n.name, len(ep.Out.Elements), l.GeneralRegisters(), how, unpacked)})
	if w.opts.LayoutOut {
		it, err := layoutfile.FromLayout(l, []string{n.name}, nil)
		if err != nil {
			w.fail(ep.Pos, err)
			return
		}
		w.res.Interfaces = append(w.res.Interfaces, it)
	}
}

// kindsAgree checks that a pixel shader built from a layout file reads
// each input as the kind of type the vertex shader wrote it (float, int,
// bool): a pair rewritten in one call can keep such inputs apart, a stage
// alone cannot, and a conversion would change the value.
func kindsAgree(in *ir.Signature, vs *ir.Layout, fileName string) ir.ErrorList {
	var errs ir.ErrorList
	for i := range in.Elements {
		e := &in.Elements[i]
		u, idx, _ := e.Semantic.D3D9()
		for j := range vs.Sig.Elements {
			ve := &vs.Sig.Elements[j]
			vu, vidx, _ := ve.Semantic.D3D9()
			if vu != u || vidx != idx || ve.Type.Kind() == e.Type.Kind() {
				continue
			}
			err := ir.Errorf(e.Pos, e.Include, "%s reads %s%d as %s, but the layout file %s has it written as %s: rewrite the pair in one call, which keeps such inputs in registers of their own",
				e.Name, u, idx, e.Type, fileName, ve.Type)
			err.Notes = append(err.Notes, ir.Note{Pos: ve.Pos, Msg: fmt.Sprintf("%s is planned here", ve.Name)})
			errs = append(errs, err)
		}
	}
	return errs
}

// fail records an error: an ir.ErrorList as it is, any other error at pos.
func (w *rewriter) fail(pos ir.Pos, err error) {
	if errs := ir.Errors(err); errs != nil {
		w.errs = append(w.errs, errs...)
		return
	}
	w.errs = append(w.errs, &ir.Error{Pos: pos, Msg: err.Error()})
}
