package driver

import (
	"fmt"
	"slices"

	"github.com/shpack/shpack/check"
	"github.com/shpack/shpack/d3d9"
	"github.com/shpack/shpack/emit"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/layoutfile"
	"github.com/shpack/shpack/repack"
)

// RepackOptions say how Repack repacks compiled programs.
type RepackOptions struct {
	// Packing plans the pair (Strategy, MixColor, Portable, TexcoordNames),
	// or applies its Layout: the vertex shader's interface by its name. A
	// program alone needs a Layout. Budget and Indexed do not apply: the
	// programs run in vs_3_0's registers, and repack finds the outputs
	// they index itself.
	Packing
	// LayoutOut plans the pair for stages repacked apart and records its
	// interface (RepackResult.Interfaces).
	LayoutOut bool
}

// RepackResult is what Repack made. A stage repacked alone leaves the
// other program and both layouts nil.
type RepackResult struct {
	VS, PS             *d3d9.Program
	VSLayout, PSLayout *ir.Layout
	// Panels are the pair's register maps, vertex and pixel side by side.
	Panels []emit.MapPanel
	// Interfaces hold the pair's interface for a layout file (LayoutOut).
	Interfaces []layoutfile.Interface
	// Notes say what was repacked, and what a runtime will not carry.
	Notes []ir.Note
}

// Repack repacks compiled programs, assembly or bytecode: a vs_3_0/ps_3_0
// pair (srcs: the vertex shader, then the pixel shader), or one program
// alone through o.Layout (a vertex shader's outputs where the layout file
// puts them, or a pixel shader's inputs read from there). A program that
// shpack check rejects as given (an output indexed through a0, a register
// past the profile's) is not repacked, and what repack made is checked as
// a user would check it: a problem there is an error, a value a runtime
// will not carry is a note.
func Repack(srcs []Source, o RepackOptions) (*RepackResult, error) {
	switch {
	case o.Budget > 0:
		return nil, &OptionError{Option: ir.OptRegisters, Msg: "does not apply to repack: the programs run in vs_3_0's registers"}
	case len(o.Indexed) > 0:
		return nil, &OptionError{Option: ir.OptIndexed, Msg: "does not apply to repack: it finds indexed outputs (o[aL + n]) itself"}
	case len(srcs) == 1 && o.Layout != nil:
		return repackStage(srcs[0], o.Layout)
	case len(srcs) != 2:
		return nil, fmt.Errorf("driver: Repack takes a vertex and a pixel shader, or one program and a layout file (%d programs given)", len(srcs))
	}
	return repackPair(srcs[0], srcs[1], o)
}

// repackPair repacks a compiled vs_3_0/ps_3_0 pair (Repack).
func repackPair(vs, ps Source, o RepackOptions) (*RepackResult, error) {
	var progs [2]*d3d9.Program
	var bad ir.ErrorList
	for i, s := range []Source{vs, ps} {
		p, err := d3d9.Read(s.Name, s.Src)
		if err != nil {
			return nil, err
		}
		progs[i] = p
		bad = append(bad, check.Overflowing(p, s.Name)...)
	}
	if len(bad) > 0 {
		return nil, bad
	}
	// A pair planned for stages repacked apart pads no output: a vertex
	// shader alone cannot pad for a pixel shader it does not see.
	ro := repack.Options{Strategy: o.Strategy, MixColor: o.MixColor, Portable: o.Portable, TexcoordNames: o.TexcoordNames, Fill: o.LayoutOut}
	if lf := o.Layout; lf != nil {
		it, err := lf.Find(vs.Name, ir.Vertex)
		if err != nil {
			return nil, err
		}
		ro.Apply = func(sig *ir.Signature) (*ir.Layout, error) { return it.Apply(sig, lf.Name) }
	}
	res, err := repack.Pair(progs[0], progs[1], vs.Name, ps.Name, ro)
	if err != nil {
		return nil, err
	}
	word := map[bool]string{true: "portable", false: "one declaration per member"}[o.Portable]
	out := &RepackResult{VS: res.VS, PS: res.PS, VSLayout: res.VSLayout, PSLayout: res.PSLayout,
		Panels: []emit.MapPanel{{Heading: "vertex shader " + vs.Name, Layout: res.VSLayout}, {Heading: "pixel shader " + ps.Name, Layout: res.PSLayout}}}
	out.Notes = append(out.Notes, ir.Note{Pos: ir.Pos{File: vs.Name}, Packed: true, Msg: fmt.Sprintf("%d general output registers repacked into %d (%s, %s)",
		res.Unpacked, res.VSLayout.GeneralRegisters(), o.strategy().Name(), word)})
	rep := check.Programs(res.VS, res.PS, vs.Name, ps.Name)
	if len(rep.Problems) > 0 {
		in := check.Programs(progs[0], progs[1], vs.Name, ps.Name)
		for _, p := range rep.Problems {
			p.Msg = "the repacked pair fails shpack check: " + p.Msg
			if len(in.Problems) > 0 {
				p.Notes = append(p.Notes, ir.Note{Pos: ir.Pos{File: vs.Name}, Msg: fmt.Sprintf("shpack check finds %d problems in the pair as given: run it on the input", len(in.Problems))})
			}
		}
		return nil, rep.Problems
	}
	for _, rt := range rep.Runtimes {
		for _, l := range rt.Lost {
			out.Notes = append(out.Notes, ir.Note{Pos: ir.Pos{File: ps.Name}, Msg: fmt.Sprintf("%s will not carry %s%d.%s as written: %s", rt.Name, l.Semantic, l.Index, l.Components, l.Why)})
		}
	}
	if o.LayoutOut {
		it, err := layoutfile.FromLayout(res.VSLayout, []string{vs.Name}, []string{ps.Name})
		if err != nil {
			return nil, err
		}
		// Outputs declared from another letter than x are recorded as
		// written there.
		for i := range it.Outputs {
			o := &it.Outputs[i]
			for k, el := range res.VSLayout.Sig.Elements {
				if u, idx, _ := el.Semantic.D3D9(); u == o.Usage && idx == o.Index && res.VSMasks[k].First() != 0 {
					o.Written = res.VSMasks[k]
				}
			}
		}
		out.Interfaces = []layoutfile.Interface{it}
	}
	return out, nil
}

// repackStage repacks one program alone through the layout file lf
// (Repack).
func repackStage(src Source, lf *layoutfile.File) (*RepackResult, error) {
	prog, err := d3d9.Read(src.Name, src.Src)
	if err != nil {
		return nil, err
	}
	if bad := check.Overflowing(prog, src.Name); len(bad) > 0 {
		return nil, bad
	}
	var np *d3d9.Program
	if prog.Stage == ir.Vertex {
		it, ferr := lf.Find(src.Name, ir.Vertex)
		if ferr != nil {
			return nil, ferr
		}
		np, _, err = repack.Vertex(prog, src.Name, func(sig *ir.Signature) (*ir.Layout, error) { return it.Apply(sig, lf.Name) })
	} else {
		its, ferr := lf.FindAll(src.Name, ir.Pixel)
		if ferr != nil {
			return nil, ferr
		}
		for _, it := range its[1:] {
			if !slices.Equal(it.Outputs, its[0].Outputs) {
				return nil, fileError(lf.Name, "%d interfaces of the layout file feed pixel shader %s differently: repack it with a layout file of its own vertex shader", len(its), src.Name)
			}
		}
		var written []ir.Mask
		for _, o := range its[0].Outputs {
			written = append(written, o.Written)
		}
		np, _, err = repack.Pixel(prog, src.Name, its[0].Layout(), written)
	}
	if err != nil {
		return nil, err
	}
	if bad := check.Program(np, src.Name); len(bad) > 0 {
		for _, p := range bad {
			p.Msg = "the repacked program fails shpack check: " + p.Msg
		}
		return nil, bad
	}
	out := &RepackResult{Notes: []ir.Note{{Pos: ir.Pos{File: src.Name}, Packed: true, Msg: fmt.Sprintf("%s repacked as the layout file %s says", prog.Profile(), lf.Name)}}}
	if prog.Stage == ir.Vertex {
		out.VS = np
	} else {
		out.PS = np
	}
	return out, nil
}
