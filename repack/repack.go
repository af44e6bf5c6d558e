// Package repack is the register-allocation pass over compiled programs:
// given a vs_3_0/ps_3_0 pair as compilers write it (one output register
// per semantic), it packs the vertex shader's outputs (package pack) and
// rewrites both programs to use the packed registers.
//
// The vertex shader's output declarations are its signature: each dcl is
// an element of its usage, index and mask width. After packing, every
// write to an o# register moves to the element's new register and
// components:
//
//   - an instruction computed per component (mov, add, mad, cmp, ...)
//     keeps its opcode; its write mask moves by the element's shift and
//     every source swizzle moves with it, so each component reads what it
//     read before;
//   - an instruction that writes one value to every component (dp4, rcp,
//     pow, ...) only has its mask moved;
//   - an instruction whose components follow a fixed pattern (m4x4, nrm,
//     sincos, lit, dst, crs, texldl, ...) writes a free temporary register
//     instead, with its own mask, and a mov right after it copies the
//     components to their new place, under the same predicate (so the
//     copy runs exactly where the write did);
//   - an instruction that writes several elements of one register (a
//     register the input already packed) is split per element.
//
// Outputs written with relative addressing (o[aL + n]) are a dynamically
// indexed block: the consecutive declared registers from n on keep their
// order (the --indexed rule, inferred) and each keeps a register of its
// own, shared with nothing. That costs what the block cost before, and it
// is measured, not cautious: Wine's Direct3D 9 drew a block that shares
// its registers with directly written outputs wrong (a row of the block,
// or the other outputs, read back 0), and drew every value right once
// each row had its register alone. The
// pixel shader's reads of v# move the same way: each source's swizzle is
// recomposed so every channel reads the component it read before, in the
// register the pixel layout (pack.Derive) gives it. Everything else
// (constants, samplers, temporaries, flow control, instruction order) is
// kept. What the pass cannot prove it handled (an output written but not
// declared, a source reading two inputs that no longer share a register,
// relative addressing of inputs, no temporary left) is an error naming the
// instruction, never silent wrong code.
package repack

import (
	"fmt"
	"slices"

	"github.com/shpack/shpack/d3d9"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/pack"
)

// A Result is a repacked pair.
type Result struct {
	VS, PS             *d3d9.Program
	VSLayout, PSLayout *ir.Layout
	// Unpacked is the number of general output registers the vertex shader
	// declared before.
	Unpacked int
	// VSMasks are the components the vertex shader declared each output
	// with (VSLayout.Sig's elements, in order), in its own letters: what a
	// layout file records where they do not start at x.
	VSMasks []ir.Mask
}

// Options choose the packing.
type Options struct {
	Strategy pack.Strategy // nil: optimal
	MixColor bool
	Portable bool
	// TexcoordNames declares every general register TEXCOORDn, in
	// register order (ir.Constraints.TexcoordNames).
	TexcoordNames bool
	// Fill plans without padding vertex outputs: the pixel shader gives
	// the components it reads that the vertex shader does not write their
	// values itself. A pair whose stages are then repacked apart through
	// a layout file (Vertex, Pixel) is planned so, for a vertex shader
	// alone cannot pad for a pixel shader it does not see.
	Fill bool
	// Apply, when not nil, lays out the vertex shader's outputs instead
	// of packing them (a layout file's interface: layoutfile's
	// Interface.Apply), so that a stage repacked alone (Vertex, Pixel)
	// agrees with it; the pixel shader gives the components it reads
	// that the layout does not hold their values itself.
	Apply func(*ir.Signature) (*ir.Layout, error)

	// fill forces one way of giving unwritten components their values
	// (padOutputs), for the tests: fillChoose (Pair decides), fillPad,
	// fillPS.
	fill fillWay
}

type fillWay uint8

const (
	fillChoose fillWay = iota
	fillPad
	fillPS
)

// slot is where an element sat in the input: its register and mask, and
// span, the components it takes in the layout: its mask, and for a vertex
// output the pixel shader reads wider, the padding it gets (padOutputs).
type slot struct {
	reg        int
	mask, span ir.Mask
	dcl        *d3d9.Inst
}

// Pair repacks a vertex shader vs and the pixel shader ps it feeds; the
// names are the files, for diagnostics. The programs given are not
// changed.
func Pair(vs, ps *d3d9.Program, vsName, psName string, o Options) (*Result, error) {
	res, err := pair(vs, ps, vsName, psName, o)
	if err != nil {
		return nil, atTokens(err, map[string]*d3d9.Program{vsName: vs, psName: ps})
	}
	return res, nil
}

func pair(vs, ps *d3d9.Program, vsName, psName string, o Options) (*Result, error) {
	if o.Strategy == nil {
		o.Strategy = pack.Optimal{}
	}
	switch {
	case vs.Stage != ir.Vertex || vs.Major != 3:
		return nil, progErr(vsName, vs, "the vertex shader is %s: repack takes vs_3_0", vs.Profile())
	case ps.Stage != ir.Pixel || ps.Major != 3:
		return nil, progErr(psName, ps, "the pixel shader is %s: repack takes ps_3_0", ps.Profile())
	}
	// A program built in memory has the shape Parse and Decode give one
	// (operands, nesting), which the passes below read by place.
	if errs := append(d3d9.CheckShape(vsName, vs), d3d9.CheckShape(psName, ps)...); len(errs) > 0 {
		return nil, errs
	}
	cons := ir.Constraints{MixColor: o.MixColor, Portable: o.Portable, TexcoordNames: o.TexcoordNames}
	fill := o.fill == fillPS || o.Fill || o.Apply != nil
	pl, err := planPair(vs, ps, vsName, psName, o, cons, fill)
	if err != nil {
		return nil, err
	}
	if len(pl.pads) > 0 && o.fill == fillChoose && !fill {
		// Padding widens vertex outputs. Where that costs a register
		// (or the fit), the pixel shader fills the components instead.
		alt, altErr := planPair(vs, ps, vsName, psName, o, cons, true)
		if altErr == nil && alt.err == nil && (pl.err != nil || alt.vl.GeneralRegisters() < pl.vl.GeneralRegisters()) {
			pl = alt
		}
	}
	if pl.err != nil {
		return nil, pl.err
	}
	nvs, err := rewriteVS(vs, vsName, pl.vl, pl.vslots, pl.pads)
	if err != nil {
		return nil, err
	}
	nps, err := rewritePS(ps, psName, pl.pl, pl.pslots, pl.fills)
	if err != nil {
		return nil, err
	}
	masks := make([]ir.Mask, len(pl.vslots))
	for i, s := range pl.vslots {
		masks[i] = s.mask
	}
	return &Result{VS: nvs, PS: nps, VSLayout: pl.vl, PSLayout: pl.pl, Unpacked: pl.unpacked, VSMasks: masks}, nil
}

// plan is a pair's layouts before the programs are rewritten: the
// elements of each side with their old registers, the padding the vertex
// shader writes or the components the pixel shader fills (padOutputs), and
// the packed layouts, or err when they do not fit.
type plan struct {
	vslots, pslots []slot
	pads           map[int]ir.Mask
	fills          map[int]ir.Mask
	vl, pl         *ir.Layout
	unpacked       int
	err            error
}

// planPair reads both programs' declarations and packs them. Errors in the
// programs are returned as err; a layout that does not fit is plan.err, so
// that Pair can try the other way to fill unwritten components.
func planPair(vs, ps *d3d9.Program, vsName, psName string, o Options, cons ir.Constraints, fill bool) (*plan, error) {
	vsig, vslots, err := signature(vs, vsName, ir.Out)
	if err != nil {
		return nil, err
	}
	if err := indexedBlocks(vs, vsName, vsig, vslots, &cons); err != nil {
		return nil, err
	}
	unpacked := map[int]bool{}
	for i, s := range vslots {
		if u, idx, _ := vsig.Elements[i].Semantic.D3D9(); ir.VS30Out().RoleOf(u, idx) == ir.RoleGeneral {
			unpacked[s.reg] = true
		}
	}
	psig, pslots, err := signature(ps, psName, ir.In)
	if err != nil {
		return nil, err
	}
	pads, fills, ok := padOutputs(ps, vsig, vslots, psig, pslots, fill)
	if !ok {
		return nil, fmt.Errorf("the pixel shader cannot fill what it reads")
	}
	res := &plan{vslots: vslots, pslots: pslots, pads: pads, fills: fills, unpacked: len(unpacked)}
	var vl *ir.Layout
	if o.Apply != nil {
		vl, err = o.Apply(vsig)
	} else {
		vl, err = pack.ForFile(o.Strategy, vsig, ir.VS30Out(), cons)
	}
	if err != nil {
		res.err = err
		return res, nil
	}
	psFile, _ := ir.LookupRegisterFile("ps_3_0", ir.In)
	pl, err := pack.Derive(vl, psig, psFile)
	if err != nil {
		return nil, err
	}
	for _, l := range []*ir.Layout{vl, pl} {
		if err := ir.CheckLayout(l); err != nil {
			return nil, fmt.Errorf("internal error: invalid %s layout: %v", l.File.Profile.Name, err)
		}
	}
	res.vl, res.pl = vl, pl
	return res, nil
}

// Vertex repacks a vertex shader alone, its outputs where apply (a layout
// file's interface) puts them: the other stage is built from the same
// file, in another step (Pixel). The program given is not changed.
func Vertex(vs *d3d9.Program, name string, apply func(*ir.Signature) (*ir.Layout, error)) (*d3d9.Program, *ir.Layout, error) {
	p, l, err := vertex(vs, name, apply)
	if err != nil {
		return nil, nil, atTokens(err, map[string]*d3d9.Program{name: vs})
	}
	return p, l, nil
}

func vertex(vs *d3d9.Program, name string, apply func(*ir.Signature) (*ir.Layout, error)) (*d3d9.Program, *ir.Layout, error) {
	if vs.Stage != ir.Vertex || vs.Major != 3 {
		return nil, nil, progErr(name, vs, "the program is %s: a vertex shader repacked alone is vs_3_0", vs.Profile())
	}
	if errs := d3d9.CheckShape(name, vs); len(errs) > 0 {
		return nil, nil, errs
	}
	vsig, vslots, err := signature(vs, name, ir.Out)
	if err != nil {
		return nil, nil, err
	}
	var cons ir.Constraints
	if err := indexedBlocks(vs, name, vsig, vslots, &cons); err != nil {
		return nil, nil, err
	}
	vl, err := apply(vsig)
	if err != nil {
		return nil, nil, err
	}
	if err := ir.CheckLayout(vl); err != nil {
		return nil, nil, fmt.Errorf("internal error: invalid vs_3_0 layout: %v", err)
	}
	nvs, err := rewriteVS(vs, name, vl, vslots, nil)
	if err != nil {
		return nil, nil, err
	}
	return nvs, vl, nil
}

// Pixel repacks a pixel shader alone, reading the vertex layout vl (a
// layout file's, which its vertex shader was repacked or rewritten to):
// its inputs derived from vl as for a pair, the components it reads that
// vl does not hold given their values by the pixel shader (0, w 1).
// written gives, for vl's elements in order, the letters the vertex
// program declared each with where they do not start at x (0, or a nil
// slice: from x). The program given is not changed.
func Pixel(ps *d3d9.Program, name string, vl *ir.Layout, written []ir.Mask) (*d3d9.Program, *ir.Layout, error) {
	p, l, err := pixel(ps, name, vl, written)
	if err != nil {
		return nil, nil, atTokens(err, map[string]*d3d9.Program{name: ps})
	}
	return p, l, nil
}

func pixel(ps *d3d9.Program, name string, vl *ir.Layout, written []ir.Mask) (*d3d9.Program, *ir.Layout, error) {
	if ps.Stage != ir.Pixel || ps.Major != 3 {
		return nil, nil, progErr(name, ps, "the program is %s: a pixel shader repacked alone is ps_3_0", ps.Profile())
	}
	if errs := d3d9.CheckShape(name, ps); len(errs) > 0 {
		return nil, nil, errs
	}
	psig, pslots, err := signature(ps, name, ir.In)
	if err != nil {
		return nil, nil, err
	}
	// The vertex side as the file has it: each element in its own
	// letters from x, as compilers declare outputs.
	vsig := *vl.Sig
	vsig.Elements = slices.Clone(vl.Sig.Elements)
	vslots := make([]slot, len(vsig.Elements))
	for i, e := range vsig.Elements {
		m := ir.MaskRun(0, e.Components)
		if i < len(written) && written[i] != 0 {
			m = written[i]
		}
		vslots[i] = slot{reg: i, mask: m, span: m}
	}
	_, fills, ok := padOutputs(ps, &vsig, vslots, psig, pslots, true)
	if !ok {
		return nil, nil, fileErr(name, "the pixel shader reads components of an input that the layout's vertex shader does not write at all")
	}
	psFile, _ := ir.LookupRegisterFile("ps_3_0", ir.In)
	pl, err := pack.Derive(vl, psig, psFile)
	if err != nil {
		return nil, nil, err
	}
	if err := ir.CheckLayout(pl); err != nil {
		return nil, nil, fmt.Errorf("internal error: invalid ps_3_0 layout: %v", err)
	}
	nps, err := rewritePS(ps, name, pl, pslots, fills)
	if err != nil {
		return nil, nil, err
	}
	return nps, pl, nil
}

func fileErr(file, format string, args ...any) error {
	return ir.ErrorList{&ir.Error{Pos: ir.Pos{File: file}, Msg: fmt.Sprintf(format, args...)}}
}

// progErr is an error of a whole program (its profile), positioned at its
// version line in assembly text.
func progErr(file string, p *d3d9.Program, format string, args ...any) error {
	msg := fmt.Sprintf(format, args...)
	if p.Line == 0 {
		msg = "token 0: " + msg // bytecode's version token
	}
	return ir.ErrorList{&ir.Error{Pos: ir.Pos{File: file, Line: p.Line, Col: p.Col}, Msg: msg}}
}

// atTokens positions the errors at the declarations of bytecode programs
// (an element of a signature read from bytecode has no line: its column
// is the index of its dcl plus one, see signature) by their tokens, as
// instErr does: what packing says of an element (pack.Derive, a layout
// file's Apply) names the instruction it came from.
func atTokens(err error, progs map[string]*d3d9.Program) error {
	errs := ir.Errors(err)
	if errs == nil {
		return err
	}
	at := func(pos *ir.Pos, msg *string) {
		p := progs[pos.File]
		if p == nil || pos.Line != 0 || pos.Col < 1 || pos.Col > len(p.Insts) {
			return
		}
		in := p.Insts[pos.Col-1]
		*msg = fmt.Sprintf("token %d (%s): %s", in.Offset, p.InstString(in), *msg)
		pos.Col = 0
	}
	out := make(ir.ErrorList, len(errs))
	for i, e := range errs {
		c := *e
		c.Notes = append([]ir.Note(nil), e.Notes...)
		at(&c.Pos, &c.Msg)
		for k := range c.Notes {
			at(&c.Notes[k].Pos, &c.Notes[k].Msg)
		}
		out[i] = &c
	}
	return out
}

// instErr is an error positioned at an instruction.
func instErr(file string, p *d3d9.Program, in *d3d9.Inst, format string, args ...any) *ir.Error {
	pos := ir.Pos{File: file, Line: in.Line, Col: 1}
	msg := fmt.Sprintf(format, args...)
	if in.Line == 0 {
		msg = fmt.Sprintf("token %d (%s): %s", in.Offset, p.InstString(in), msg)
	} else {
		msg = fmt.Sprintf("%s: %s", p.InstString(in), msg)
	}
	return &ir.Error{Pos: pos, Msg: msg}
}

// signature reads the declarations of a program's outputs (vertex) or
// inputs (pixel: v# with usages, vPos and vFace) as a signature, with the
// register and mask each element had.
func signature(p *d3d9.Program, file string, dir ir.Direction) (*ir.Signature, []slot, error) {
	name := "vertex outputs"
	want := d3d9.RegOutput
	if dir == ir.In {
		name, want = "pixel inputs", d3d9.RegInput
	}
	sig := &ir.Signature{Name: name, Kind: "function", Dir: dir, Pos: ir.Pos{File: file}}
	var slots []slot
	var errs ir.ErrorList
	for i, in := range p.Insts {
		if in.Op != d3d9.OpDcl {
			continue
		}
		d := in.Dst
		pos := ir.Pos{File: file, Line: in.Line, Col: 1}
		if in.Line == 0 {
			// Bytecode has no lines: the column names the instruction
			// (atTokens turns it into its token in the message).
			pos.Col = i + 1
		}
		switch {
		case d.Type == d3d9.RegMisc && dir == ir.In:
			u := ir.UsageVPos
			comps := d.Mask.Count()
			if d.Num == 1 {
				u, comps = ir.UsageVFace, 1
			}
			sig.Elements = append(sig.Elements, ir.Element{Name: p.RegName(d.Type, d.Num), Semantic: ir.Semantic{Name: u.String()}, Components: max(comps, 1), Pos: pos, Array: -1})
			slots = append(slots, slot{reg: -1, mask: d.Mask, span: d.Mask, dcl: in})
			continue
		case d.Type != want:
			continue
		}
		if !d.Mask.Contiguous() || d.Mask == 0 {
			errs = append(errs, instErr(file, p, in, "the mask .%s is not one run of components: shpack cannot place it", d.Mask))
			continue
		}
		e := ir.Element{
			Name:       fmt.Sprintf("%s.%s", p.RegName(d.Type, d.Num), d.Mask),
			Semantic:   ir.Semantic{Name: in.Usage.String(), Index: in.UsageIndex, HasIndex: true},
			Components: d.Mask.Count(), Pos: pos, Array: -1,
		}
		if in.Usage == ir.UsagePSize && d.Mask&ir.MaskX != 0 && dir == ir.Out {
			// The point size is the register's x: vkd3d (and shpack
			// itself) declare the whole register, fxc only .x.
			e.Components = 1
		}
		if d.Cent {
			e.Mods |= ir.ModCentroid
		}
		sig.Elements = append(sig.Elements, e)
		slots = append(slots, slot{reg: d.Num, mask: d.Mask, span: d.Mask, dcl: in})
	}
	if len(errs) > 0 {
		return nil, nil, errs
	}
	return sig, slots, nil
}

// indexedBlocks finds the outputs written with relative addressing and
// makes each block an indexed array of whole rows, one element each. Where
// the index is aL of a loop whose integer register the program defines
// (defi), the block is exactly the registers aL reaches; otherwise (a0, or
// a loop count the application sets) it runs over the consecutive
// registers of one element of the base's width, up to the next block's
// base: every register the write may reach, and maybe a few more, which
// costs registers, never correctness.
func indexedBlocks(p *d3d9.Program, file string, sig *ir.Signature, slots []slot, c *ir.Constraints) error {
	byReg := map[int][]int{}
	for i, s := range slots {
		byReg[s.reg] = append(byReg[s.reg], i)
	}
	defi := map[int][4]int32{}
	for _, in := range p.Insts {
		if in.Op == d3d9.OpDefI {
			defi[in.Dst.Num] = [4]int32{int32(in.Def[0]), int32(in.Def[1]), int32(in.Def[2])}
		}
	}
	// The writes, each with the registers it reaches past its base (-1:
	// unknown).
	type write struct {
		in    *d3d9.Inst
		reach int
	}
	var writes []write
	bases := map[int]bool{}
	var loops []int // integer registers of the enclosing loops
	for _, in := range p.Insts {
		switch in.Op {
		case d3d9.OpLoop:
			// d3d9's Parse and Decode give a loop its aL and i#; a
			// program built in memory without them has no count.
			n := -1
			if len(in.Srcs) == 2 && in.Srcs[1].Type == d3d9.RegConstInt {
				n = in.Srcs[1].Num
			}
			loops = append(loops, n)
		case d3d9.OpEndLoop:
			if len(loops) > 0 {
				loops = loops[:len(loops)-1]
			}
		}
		if in.Dst == nil || in.Dst.Type != d3d9.RegOutput || in.Dst.Rel == nil || in.Op == d3d9.OpDcl {
			continue
		}
		w := write{in, -1}
		if in.Dst.Rel.Type == d3d9.RegLoop && len(loops) > 0 {
			if d, ok := defi[loops[len(loops)-1]]; ok {
				count, start, step := int(d[0]), int(d[1]), int(d[2])
				lo, hi := start, start+step*(max(count, 1)-1)
				if lo > hi {
					lo, hi = hi, lo
				}
				if lo < 0 {
					return ir.ErrorList{instErr(file, p, in, "aL reaches %d here, below the base o%d: shpack cannot move it", lo, in.Dst.Num)}
				}
				w.reach = hi
			}
		}
		writes = append(writes, w)
		bases[in.Dst.Num] = true
	}
	// One block per base, as far as its farthest write reaches.
	reach := map[int]int{}
	var order []int
	for _, w := range writes {
		b := w.in.Dst.Num
		r, ok := reach[b]
		if !ok {
			order = append(order, b)
		}
		if !ok || r >= 0 && (w.reach < 0 || w.reach > r) {
			reach[b] = w.reach
		}
	}
	first := map[int]*d3d9.Inst{}
	for _, w := range writes {
		if first[w.in.Dst.Num] == nil {
			first[w.in.Dst.Num] = w.in
		}
	}
	for _, base := range order {
		in := first[base]
		var rows []int
		for r := base; ; r++ {
			if reach[base] >= 0 && r > base+reach[base] {
				break
			}
			if len(byReg[r]) != 1 || reach[base] < 0 && r != base && bases[r] {
				if reach[base] >= 0 || r == base {
					return ir.ErrorList{instErr(file, p, in, "o%d, which this indexed write reaches, holds no single declared output", r)}
				}
				break
			}
			e := byReg[r][0]
			if len(rows) > 0 && sig.Elements[e].Components != sig.Elements[rows[0]].Components {
				if reach[base] >= 0 {
					return ir.ErrorList{instErr(file, p, in, "the outputs this indexed write reaches have different widths")}
				}
				break
			}
			rows = append(rows, e)
		}
		for k, e := range rows {
			if k > 0 && e != rows[k-1]+1 {
				return ir.ErrorList{instErr(file, p, in, "the outputs this indexed write reaches are not declared in order")}
			}
			if sig.Elements[e].Array >= 0 {
				return ir.ErrorList{instErr(file, p, in, "indexed blocks overlap at o%d", slots[e].reg)}
			}
		}
		a := len(sig.Arrays)
		for _, e := range rows {
			sig.Elements[e].Array = a
			// A whole row each: nothing else may share it (see the
			// package comment for why).
			sig.Elements[e].Components = 4
		}
		name := fmt.Sprintf("o[%d..%d]", base, base+len(rows)-1)
		pos := ir.Pos{File: file, Line: in.Line, Col: 1} // the indexed write
		if in.Line == 0 {
			name = fmt.Sprintf("token %d (%s): %s", in.Offset, p.InstString(in), name)
			pos.Col = 0
		}
		sig.Arrays = append(sig.Arrays, ir.Array{Name: name, First: rows[0], Count: len(rows), Pos: pos})
		c.Indexed = append(c.Indexed, a)
	}
	return nil
}

// padOutputs matches the pixel inputs to the vertex outputs of their
// semantics where the pixel shader declares other components than the
// vertex shader writes (a float4 read of a float2, as DirectX SDK samples
// do). Components the pixel shader declares but never reads are dropped
// from its element. Components it reads that the vertex shader does not
// write get the values runtimes give them unpacked, 0 (w: 1), so the
// packed register's other contents cannot show through. Two ways:
//
//   - fill false: the vertex element widens to cover them, and pads holds
//     the padding each vertex element needs (in the element's old
//     letters), which rewriteVS writes;
//   - fill true: the pixel element narrows to what the vertex shader
//     writes, and fills holds, per old pixel input register, the
//     components rewritePS gives their values itself. ok is false when a
//     pixel element would keep no component (it reads only what nothing
//     writes): then only padding carries it.
//
// Padding costs output components, filling a temporary register and a
// few instructions in the pixel shader; Pair pads unless that costs a
// register.
func padOutputs(ps *d3d9.Program, vsig *ir.Signature, vslots []slot, psig *ir.Signature, pslots []slot, fill bool) (pads, fills map[int]ir.Mask, ok bool) {
	read := map[regComp]bool{}
	for _, in := range ps.Insts {
		for k, s := range in.Srcs {
			if s.Type != d3d9.RegInput || s.Rel != nil {
				continue
			}
			used := channelsRead(in, k)
			for ch := range 4 {
				if used&(1<<ch) != 0 {
					read[regComp{s.Num, int(s.Swizzle[ch])}] = true
				}
			}
		}
	}
	bySem := map[ir.Semantic]int{}
	for j, e := range vsig.Elements {
		bySem[e.Semantic] = j
	}
	pads, fills = map[int]ir.Mask{}, map[int]ir.Mask{}
	for i := range psig.Elements {
		ps := &pslots[i]
		j, ok := bySem[psig.Elements[i].Semantic]
		if !ok || ps.reg < 0 || ps.mask == vslots[j].mask {
			continue
		}
		var reads ir.Mask
		for c := range 4 {
			if ps.mask&(1<<c) != 0 && read[regComp{ps.reg, c}] {
				reads |= 1 << c
			}
		}
		vs := &vslots[j]
		need := reads &^ vs.mask
		if need != 0 && vsig.Elements[j].Array < 0 {
			if fill {
				if ps.mask&vs.mask == 0 {
					return nil, nil, false
				}
				fills[ps.reg] |= need
			} else {
				span := vs.mask | need
				last := 3
				for span&(1<<last) == 0 {
					last--
				}
				span = ir.MaskRun(span.First(), last-span.First()+1)
				pads[j] = span &^ vs.mask
				vs.span = span
				vsig.Elements[j].Components = span.Count()
			}
		}
		narrow := ps.mask & vs.span
		if narrow != 0 && narrow.Contiguous() {
			ps.mask, ps.span = narrow, narrow
			psig.Elements[i].Components = narrow.Count()
		}
	}
	return pads, fills, true
}

// dclsOf builds the declarations of a layout's general registers (and its
// POSITION0/PSIZE): one per register in a portable layout, one per element
// otherwise.
func dclsOf(l *ir.Layout, regType d3d9.RegType) []*d3d9.Inst {
	var out []*d3d9.Inst
	done := map[ir.Reg]*d3d9.Inst{}
	for i, p := range l.Place {
		if p.Reg == ir.NoReg || p.Role == ir.RoleVPos || p.Role == ir.RoleVFace || p.Role == ir.RoleOmitted {
			continue
		}
		e := &l.Sig.Elements[i]
		mask := p.Mask
		if l.Cons.Portable && p.Role == ir.RoleGeneral {
			if d, ok := done[p.Reg]; ok {
				d.Dst.Cent = d.Dst.Cent || e.Centroid()
				continue
			}
			mask = ir.MaskXYZW
		}
		in := &d3d9.Inst{Op: d3d9.OpDcl, Usage: p.Usage, UsageIndex: p.Index,
			Dst: &d3d9.Operand{Type: regType, Num: p.Reg.Num, Mask: mask, Cent: e.Centroid() && regType == d3d9.RegInput}}
		done[p.Reg] = in
		out = append(out, in)
	}
	slices.SortStableFunc(out, func(a, b *d3d9.Inst) int {
		if a.Dst.Num != b.Dst.Num {
			return a.Dst.Num - b.Dst.Num
		}
		return a.Dst.Mask.First() - b.Dst.Mask.First()
	})
	return out
}

// moved is where one element went: its new register and the shift of its
// components.
type moved struct {
	reg   int
	shift int // new first component minus old
}
