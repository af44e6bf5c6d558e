package repack

import (
	"fmt"
	"math"
	"slices"

	"github.com/shpack/shpack/d3d9"
	"github.com/shpack/shpack/ir"
)

// maxTemps is the number of temporary registers of vs_3_0 and ps_3_0.
const maxTemps = 32

// psConsts is the number of float constant registers of ps_3_0.
const psConsts = 224

type regComp struct{ reg, comp int }

// elementMap indexes elements by the register components they had.
func elementMap(slots []slot) map[regComp]int {
	m := map[regComp]int{}
	for i, s := range slots {
		if s.reg < 0 {
			continue
		}
		for c := range 4 {
			if s.mask&(1<<c) != 0 {
				m[regComp{s.reg, c}] = i
			}
		}
	}
	return m
}

// moves says where every element of a layout went from its slot.
func moves(l *ir.Layout, slots []slot) []moved {
	out := make([]moved, len(slots))
	for i, s := range slots {
		p := l.Place[i]
		out[i] = moved{reg: p.Reg.Num, shift: p.Mask.First() - s.span.First()}
	}
	return out
}

func clone(in *d3d9.Inst) *d3d9.Inst {
	c := *in
	if in.Dst != nil {
		d := *in.Dst
		c.Dst = &d
	}
	c.Srcs = append([]d3d9.Operand(nil), in.Srcs...)
	return &c
}

func shiftMask(m ir.Mask, shift int) ir.Mask {
	if shift >= 0 {
		return (m << shift) & ir.MaskXYZW
	}
	return m >> -shift
}

// shiftSwizzle moves a source's swizzle with its destination's components:
// the channel k of the old mask becomes channel k+shift, reading the same
// component. Channels outside the new mask repeat its first, so the
// swizzle prints short.
func shiftSwizzle(sw [4]uint8, old ir.Mask, shift int) [4]uint8 {
	if shift == 0 {
		return sw
	}
	var out [4]uint8
	first := -1
	for k := range 4 {
		if old&(1<<k) != 0 {
			out[k+shift] = sw[k]
			if first < 0 {
				first = k + shift
			}
		}
	}
	nw := shiftMask(old, shift)
	for k := range 4 {
		if nw&(1<<k) == 0 {
			out[k] = out[first]
		}
	}
	return out
}

// shiftPred moves a predicate's swizzle with the components it guards: the
// predicate of a write is read per destination component, so a component
// that moves to another letter must read the predicate component it read
// before.
func shiftPred(p *d3d9.Operand, old ir.Mask, shift int) *d3d9.Operand {
	if p == nil {
		return nil
	}
	q := *p
	q.Swizzle = shiftSwizzle(p.Swizzle, old, shift)
	return &q
}

// maxTemp returns the highest temporary register the program uses, -1 if
// none.
func maxTemp(p *d3d9.Program) int {
	n := -1
	see := func(o *d3d9.Operand) {
		if o != nil && (o.Type == d3d9.RegTemp) {
			n = max(n, o.Num)
		}
	}
	for _, in := range p.Insts {
		see(in.Dst)
		for k := range in.Srcs {
			see(&in.Srcs[k])
		}
	}
	return n
}

// rewriteVS moves every output write of p to the layout l.
func rewriteVS(p *d3d9.Program, file string, l *ir.Layout, slots []slot, pads map[int]ir.Mask) (*d3d9.Program, error) {
	at := elementMap(slots)
	mv := moves(l, slots)
	temp := maxTemp(p) + 1
	out := &d3d9.Program{Stage: p.Stage, Major: p.Major, Minor: p.Minor, Comments: p.Comments}
	var errs ir.ErrorList
	declared := false
	needTemp := false
	padded := len(pads) == 0
	for _, in := range p.Insts {
		if in.Op == d3d9.OpDcl && in.Dst.Type == d3d9.RegOutput {
			if !declared {
				out.Insts = append(out.Insts, dclsOf(l, d3d9.RegOutput)...)
				declared = true
			}
			continue
		}
		if !padded && !in.Op.IsDecl() {
			out.Insts = append(out.Insts, padWrites(mv, pads, temp)...)
			padded, needTemp = true, true
		}
		for _, s := range in.Srcs {
			if s.Type == d3d9.RegOutput {
				errs = append(errs, instErr(file, p, in, "reads an output register, which vs_3_0 cannot"))
			}
		}
		if in.Dst == nil || in.Dst.Type != d3d9.RegOutput || in.Op.IsDecl() {
			out.Insts = append(out.Insts, in)
			continue
		}
		// The elements the write touches, and the components of each.
		var groups []int
		sub := map[int]ir.Mask{}
		var missing ir.Mask
		for c := range 4 {
			if in.Dst.Mask&(1<<c) == 0 {
				continue
			}
			e, ok := at[regComp{in.Dst.Num, c}]
			if !ok {
				missing |= 1 << c
				continue
			}
			if _, seen := sub[e]; !seen {
				groups = append(groups, e)
			}
			sub[e] |= 1 << c
		}
		if missing != 0 {
			errs = append(errs, instErr(file, p, in, "writes o%d.%s, which no declaration covers", in.Dst.Num, missing))
		}
		if len(groups) == 0 {
			continue
		}
		kind := in.Op.Kind()
		if kind == d3d9.KindComponent || kind == d3d9.KindScalar {
			for _, e := range groups {
				c := clone(in)
				c.Dst.Num = mv[e].reg
				c.Dst.Mask = shiftMask(sub[e], mv[e].shift)
				c.Pred = shiftPred(in.Pred, sub[e], mv[e].shift)
				if kind == d3d9.KindComponent {
					for k := range c.Srcs {
						c.Srcs[k].Swizzle = shiftSwizzle(in.Srcs[k].Swizzle, sub[e], mv[e].shift)
					}
				}
				out.Insts = append(out.Insts, c)
			}
			continue
		}
		// A fixed pattern: compute into a temporary, then copy each
		// element's components to their new place under the same
		// predicate.
		needTemp = true
		c := clone(in)
		c.Dst.Type, c.Dst.Num, c.Dst.Rel = d3d9.RegTemp, temp, nil
		out.Insts = append(out.Insts, c)
		for _, e := range groups {
			src := d3d9.Operand{Type: d3d9.RegTemp, Num: temp, Swizzle: shiftSwizzle(d3d9.Identity, sub[e], mv[e].shift)}
			dst := *in.Dst
			dst.Num, dst.Mask, dst.Sat, dst.PP, dst.Shift = mv[e].reg, shiftMask(sub[e], mv[e].shift), false, in.Dst.PP, 0
			out.Insts = append(out.Insts, &d3d9.Inst{Op: d3d9.OpMov, Pred: shiftPred(in.Pred, sub[e], mv[e].shift), Dst: &dst, Srcs: []d3d9.Operand{src}, Line: in.Line, Offset: in.Offset})
		}
	}
	if needTemp && temp >= maxTemps {
		errs = append(errs, &ir.Error{Pos: ir.Pos{File: file}, Msg: "the vertex shader uses all 32 temporary registers: none is left for moving the outputs of fixed-pattern instructions"})
	}
	if !declared {
		errs = append(errs, &ir.Error{Pos: ir.Pos{File: file}, Msg: "the vertex shader declares no outputs"})
	}
	if len(errs) > 0 {
		errs.Sort()
		return nil, errs
	}
	return out, nil
}

// padWrites writes the padding of widened elements: 0, and 1 in w. No
// constant register is free for certain (the application's uniforms are
// not in the program), so the values come from lit, whose x and w are 1
// whatever its source, and 1 - 1. lit writes all four components:
// MojoShader's GLSL assigns lit's vec4 to the masked temporary as it is,
// and a partial mask (r.xw) is a GLSL type error there.
func padWrites(mv []moved, pads map[int]ir.Mask, temp int) []*d3d9.Inst {
	t := func(mask ir.Mask) *d3d9.Operand { return &d3d9.Operand{Type: d3d9.RegTemp, Num: temp, Mask: mask} }
	src := func(sw [4]uint8, mod d3d9.SrcMod) d3d9.Operand {
		return d3d9.Operand{Type: d3d9.RegTemp, Num: temp, Swizzle: sw, Mod: mod}
	}
	out := []*d3d9.Inst{
		{Op: d3d9.OpLit, Dst: t(ir.MaskX | ir.MaskY | ir.MaskZ | ir.MaskW), Srcs: []d3d9.Operand{{Type: d3d9.RegConst, Swizzle: d3d9.Identity}}},
		{Op: d3d9.OpAdd, Dst: t(ir.MaskY), Srcs: []d3d9.Operand{src([4]uint8{0, 0, 0, 0}, d3d9.ModNone), src([4]uint8{0, 0, 0, 0}, d3d9.ModNeg)}},
	}
	elems := make([]int, 0, len(pads))
	for e := range pads {
		elems = append(elems, e)
	}
	slices.Sort(elems)
	for _, e := range elems {
		var sw [4]uint8
		for c := range 4 {
			sw[c] = 1 // temp.y: 0
			if c-mv[e].shift == 3 {
				sw[c] = 0 // temp.x: 1, for w
			}
		}
		d := &d3d9.Operand{Type: d3d9.RegOutput, Num: mv[e].reg, Mask: shiftMask(pads[e], mv[e].shift)}
		out = append(out, &d3d9.Inst{Op: d3d9.OpMov, Dst: d, Srcs: []d3d9.Operand{src(sw, d3d9.ModNone)}})
	}
	return out
}

// channelsRead returns the channels of source k of an instruction that
// take part in its result.
func channelsRead(in *d3d9.Inst, k int) ir.Mask {
	switch in.Op {
	case d3d9.OpDp3:
		return ir.MaskRun(0, 3)
	case d3d9.OpDp4:
		return ir.MaskXYZW
	case d3d9.OpDp2Add:
		if k < 2 {
			return ir.MaskRun(0, 2)
		}
		return ir.MaskX
	}
	switch in.Op.Kind() {
	case d3d9.KindComponent:
		if in.Dst != nil {
			return in.Dst.Mask
		}
		return ir.MaskX // comparisons of if_gt, break_lt: one component
	case d3d9.KindScalar:
		return ir.MaskX // rcp, rsq, exp, log, pow: a replicated component
	}
	return ir.MaskXYZW // fixed patterns and texkill: all, to be safe
}

// rewritePS moves every read of a v# register of p to the layout l. The
// old registers in fills (padOutputs) are first copied into temporaries,
// with the components the vertex shader does not write set to 0 (w: 1),
// and read from there.
func rewritePS(p *d3d9.Program, file string, l *ir.Layout, slots []slot, fills map[int]ir.Mask) (*d3d9.Program, error) {
	at := elementMap(slots)
	mv := moves(l, slots)
	inReg := map[int][]int{} // old register -> elements
	for i, s := range slots {
		if s.reg >= 0 {
			inReg[s.reg] = append(inReg[s.reg], i)
		}
	}
	out := &d3d9.Program{Stage: p.Stage, Major: p.Major, Minor: p.Minor, Comments: p.Comments}
	var errs ir.ErrorList
	declared := false
	var prologue []*d3d9.Inst
	filled := map[int]int{} // old register -> temporary
	if len(fills) > 0 {
		var err error
		prologue, filled, err = fillPrologue(p, file, l, slots, fills, at, mv, inReg)
		if err != nil {
			return nil, err
		}
	}
	for _, in := range p.Insts {
		if in.Op == d3d9.OpDcl && in.Dst.Type == d3d9.RegInput {
			if !declared {
				out.Insts = append(out.Insts, dclsOf(l, d3d9.RegInput)...)
				declared = true
			}
			continue
		}
		if prologue != nil && !in.Op.IsDecl() {
			out.Insts = append(out.Insts, prologue...)
			prologue = nil
		}
		if len(filled) > 0 {
			in = readFilled(in, filled)
		}
		if parts, split, err := splitReads(p, file, in, l, at, mv); err != nil {
			errs = append(errs, err)
			continue
		} else if split {
			in = nil
			for _, part := range parts {
				rw, err := rewritePSInst(p, file, part, l, slots, at, mv, inReg)
				if err != nil {
					errs = append(errs, err)
					break
				}
				out.Insts = append(out.Insts, rw)
			}
			continue
		}
		c, err := rewritePSInst(p, file, in, l, slots, at, mv, inReg)
		if err != nil {
			errs = append(errs, err)
			continue
		}
		out.Insts = append(out.Insts, c)
	}
	if len(errs) > 0 {
		errs.Sort()
		return nil, errs
	}
	if !declared {
		// A pixel shader that reads nothing the vertex shader writes.
		out.Insts = append(dclsOf(l, d3d9.RegInput), out.Insts...)
	}
	return out, nil
}

// fillPrologue builds the instructions that copy each old input register
// in fills into a temporary of its own: a def of a constant register the
// program does not read (0, 0, 0, 1), a mov of it into the temporary, then
// a mov of each element's components from where the layout moved them
// (rewritePSInst moves them, as any read). It returns the def first and
// the temporary of each register.
func fillPrologue(p *d3d9.Program, file string, l *ir.Layout, slots []slot, fills map[int]ir.Mask, at map[regComp]int, mv []moved, inReg map[int][]int) ([]*d3d9.Inst, map[int]int, error) {
	// A pixel shader's def binds its register for this program alone, so
	// any constant register the program does not read will do; one read
	// with relative addressing could be any.
	usedConst := map[int]bool{}
	for _, in := range p.Insts {
		if in.Op == d3d9.OpDef {
			usedConst[in.Dst.Num] = true
		}
		for _, s := range in.Srcs {
			if s.Type == d3d9.RegConst {
				if s.Rel != nil {
					return nil, nil, ir.ErrorList{instErr(file, p, in, "reads constants with relative addressing: no constant register is free for the values of components the vertex shader does not write")}
				}
				usedConst[s.Num] = true
			}
		}
	}
	k := psConsts - 1
	for k >= 0 && usedConst[k] {
		k--
	}
	if k < 0 {
		return nil, nil, fileErr(file, "the pixel shader reads every constant register: none is free for the values of components the vertex shader does not write")
	}
	regs := make([]int, 0, len(fills))
	for r := range fills {
		regs = append(regs, r)
	}
	slices.Sort(regs)
	temp := maxTemp(p) + 1
	if temp+len(regs) > maxTemps {
		return nil, nil, fileErr(file, "the pixel shader uses %d of 32 temporary registers: too many to fill the components of %d inputs the vertex shader does not write", temp, len(regs))
	}
	one := math.Float32bits(1)
	out := []*d3d9.Inst{{Op: d3d9.OpDef, Dst: &d3d9.Operand{Type: d3d9.RegConst, Num: k, Mask: ir.MaskXYZW}, Def: [4]uint32{0, 0, 0, one}}}
	filled := map[int]int{}
	for n, r := range regs {
		t := temp + n
		filled[r] = t
		out = append(out, &d3d9.Inst{Op: d3d9.OpMov, Dst: &d3d9.Operand{Type: d3d9.RegTemp, Num: t, Mask: ir.MaskXYZW},
			Srcs: []d3d9.Operand{{Type: d3d9.RegConst, Num: k, Swizzle: d3d9.Identity}}})
		for _, e := range inReg[r] {
			if l.Place[e].Reg == ir.NoReg {
				continue
			}
			cp := &d3d9.Inst{Op: d3d9.OpMov, Dst: &d3d9.Operand{Type: d3d9.RegTemp, Num: t, Mask: slots[e].mask},
				Srcs: []d3d9.Operand{{Type: d3d9.RegInput, Num: r, Swizzle: d3d9.Identity}}}
			moved, err := rewritePSInst(p, file, cp, l, slots, at, mv, inReg)
			if err != nil {
				return nil, nil, ir.ErrorList{err}
			}
			out = append(out, moved)
		}
	}
	return out, filled, nil
}

// readFilled makes an instruction read the temporaries of filled input
// registers instead of the registers.
func readFilled(in *d3d9.Inst, filled map[int]int) *d3d9.Inst {
	c := in
	for k, s := range in.Srcs {
		t, ok := filled[s.Num]
		if s.Type != d3d9.RegInput || s.Rel != nil || !ok {
			continue
		}
		if c == in {
			c = clone(in)
		}
		c.Srcs[k].Type, c.Srcs[k].Num = d3d9.RegTemp, t
	}
	return c
}

// rewritePSInst moves the v# reads of one pixel shader instruction whose
// every source reads one register of the layout.
func rewritePSInst(p *d3d9.Program, file string, in *d3d9.Inst, l *ir.Layout, slots []slot, at map[regComp]int, mv []moved, inReg map[int][]int) (*d3d9.Inst, *ir.Error) {
	c := in
	for k, s := range in.Srcs {
		if s.Type != d3d9.RegInput {
			continue
		}
		if s.Rel != nil {
			return nil, instErr(file, p, in, "reads v[...] with relative addressing: shpack cannot move indexed inputs yet")
		}
		elems := inReg[s.Num]
		if len(elems) == 0 {
			return nil, instErr(file, p, in, "reads v%d, which no declaration covers", s.Num)
		}
		// The element each used channel reads: exactly, or (for a
		// component the element does not have) the register's
		// element nearest to it.
		used := channelsRead(in, k)
		choice := -1
		bad := false
		for ch := range 4 {
			if used&(1<<ch) == 0 {
				continue
			}
			e, ok := at[regComp{s.Num, int(s.Swizzle[ch])}]
			if !ok {
				continue
			}
			if choice >= 0 && l.Place[choice].Reg != l.Place[e].Reg {
				bad = true
			}
			if choice < 0 {
				choice = e
			}
		}
		if bad {
			return nil, instErr(file, p, in, "reads v%d components that now live in different registers, in an instruction whose components depend on each other: shpack cannot split it", s.Num)
		}
		if choice < 0 {
			choice = nearest(slots, elems, int(s.Swizzle[0]))
		}
		if l.Place[choice].Reg == ir.NoReg {
			return nil, instErr(file, p, in, "reads %s, which a ps_3_0 shader cannot read", l.Sig.Elements[choice].Semantic)
		}
		if c == in {
			c = clone(in)
		}
		ns := s
		ns.Num = mv[choice].reg
		for ch := range 4 {
			e := choice
			if ex, ok := at[regComp{s.Num, int(s.Swizzle[ch])}]; ok && l.Place[ex].Reg == l.Place[choice].Reg {
				e = ex
			}
			ns.Swizzle[ch] = uint8(min(3, max(0, int(s.Swizzle[ch])+mv[e].shift)))
		}
		c.Srcs[k] = ns
	}
	return c, nil
}

// splitReads splits a per-component instruction whose sources read, for
// different destination components, v# components that the layout puts in
// different registers ("mov r0.xyz, v0.zxy" of a register packed by hand,
// whose elements go apart): one instruction per group of destination
// components that read one register in each source, each with its part
// of the write mask (and the predicate as it was: a component keeps its
// letter). The parts run one after the other, so a part may not read
// what an earlier one wrote (a destination that is also a source, at a
// component an earlier part writes): that is an error. split is false
// when the instruction needs no splitting.
func splitReads(p *d3d9.Program, file string, in *d3d9.Inst, l *ir.Layout, at map[regComp]int, mv []moved) (parts []*d3d9.Inst, split bool, err *ir.Error) {
	if in.Op.Kind() != d3d9.KindComponent || in.Dst == nil || in.Op.IsDecl() || in.Op == d3d9.OpDef {
		return nil, false, nil
	}
	// The register each destination component reads in each v# source.
	var keys [4]string
	any := false
	for ch := range 4 {
		if in.Dst.Mask&(1<<ch) == 0 {
			continue
		}
		for _, s := range in.Srcs {
			if s.Type != d3d9.RegInput || s.Rel != nil {
				continue
			}
			if e, ok := at[regComp{s.Num, int(s.Swizzle[ch])}]; ok {
				keys[ch] += fmt.Sprintf("%d:%d ", s.Num, mv[e].reg)
				any = true
			}
		}
	}
	if !any {
		return nil, false, nil
	}
	var order []string
	groups := map[string]ir.Mask{}
	for ch := range 4 {
		if in.Dst.Mask&(1<<ch) == 0 {
			continue
		}
		if _, ok := groups[keys[ch]]; !ok {
			order = append(order, keys[ch])
		}
		groups[keys[ch]] |= 1 << ch
	}
	if len(order) < 2 {
		return nil, false, nil
	}
	var written ir.Mask
	for _, key := range order {
		mask := groups[key]
		for _, s := range in.Srcs {
			if s.Type != in.Dst.Type || s.Num != in.Dst.Num || s.Rel != nil {
				continue
			}
			for ch := range 4 {
				if mask&(1<<ch) != 0 && written&(1<<s.Swizzle[ch]) != 0 {
					return nil, true, instErr(file, p, in, "reads v# components that now live in different registers into a register it also reads: shpack cannot split it (write to another temporary first)")
				}
			}
		}
		part := clone(in)
		part.Dst.Mask = mask
		parts = append(parts, part)
		written |= mask
	}
	return parts, true, nil
}

// nearest picks, among the elements of one old register, the one whose
// components are nearest to component c.
func nearest(slots []slot, elems []int, c int) int {
	best, dist := elems[0], 99
	for _, e := range elems {
		m := slots[e].mask
		lo, hi := m.First(), m.First()+m.Count()-1
		d := 0
		switch {
		case c < lo:
			d = lo - c
		case c > hi:
			d = c - hi
		}
		if d < dist {
			best, dist = e, d
		}
	}
	return best
}
