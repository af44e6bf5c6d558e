package check

import (
	"github.com/shpack/shpack/d3d9"
	"github.com/shpack/shpack/ir"
)

// The rules one vs_3_0 or ps_3_0 program must follow. Each check says its
// rule, where the rule is written ([MS:page] is a Microsoft Learn page of
// the Direct3D 9 assembly reference, as ../shared/docs/sm3-signatures.md
// names them) and why breaking it matters: runtimes do not validate most
// of these, they draw something else, silently.

// regCounts are the register files of a profile: how many registers of
// each type a program may name, from the "Count" columns of [MS:dx9-
// graphics-reference-asm-vs-registers-vs-3-0] and [MS:dx9-graphics-
// reference-asm-ps-registers-ps-3-0]. A type that is missing is not a
// register of the profile. Labels are not counted (their number is the
// name of a subroutine).
func regCounts(stage ir.Stage) map[d3d9.RegType]int {
	if stage == ir.Vertex {
		return map[d3d9.RegType]int{
			d3d9.RegTemp: 32, d3d9.RegInput: 16,
			// c#: D3DCAPS9.MaxVertexShaderConst, at least 256 for vs_3_0:
			// the 256 every vs_3_0 device has.
			d3d9.RegConst: 256, d3d9.RegConstInt: 16, d3d9.RegConstBool: 16,
			d3d9.RegAddr: 1, d3d9.RegLoop: 1, d3d9.RegPredicate: 1,
			d3d9.RegSampler: 4, d3d9.RegOutput: 12,
		}
	}
	return map[d3d9.RegType]int{
		d3d9.RegTemp: 32, d3d9.RegInput: 10,
		d3d9.RegConst: 224, d3d9.RegConstInt: 16, d3d9.RegConstBool: 16,
		d3d9.RegLoop: 1, d3d9.RegPredicate: 1, d3d9.RegSampler: 16,
		d3d9.RegMisc: 2, // vPos, vFace
		// oC0..oC3 (how many a device writes is in its caps; four is
		// the most any has), oDepth.
		d3d9.RegColorOut: 4, d3d9.RegDepthOut: 1,
	}
}

// rules checks one program of the right stage and model.
func (r *Report) rules(st *stage) {
	if !r.shape(st) {
		return
	}
	r.registers(st)
	r.declarations(st)
	r.order(st)
	r.addressing(st)
	r.undeclared(st)
	r.labels(st)
}

// shape: what d3d9's Parse and Decode refuse, for a program built in
// memory (d3d9.Program.Shape): each instruction has the operands its
// opcode takes, and the blocks nest, as the runtimes' validator requires
// before a program runs. The other rules read operands by their place,
// so a program of the wrong shape is checked no further.
func (r *Report) shape(st *stage) bool {
	problems := st.p.Shape()
	for _, sp := range problems {
		e := r.problem(st, sp.Inst, "%s", sp.Msg)
		if sp.Other != nil {
			r.note(e, st, sp.Other, "%s", sp.Note)
		}
	}
	return len(problems) == 0
}

// registers: every register an instruction names exists in the profile
// (regCounts). Reason: no runtime checks the numbers, and what a register
// past the end reads or keeps is undefined; a vertex shader that vkd3d
// compiled to use r49 drew zeros on Wine (the README's story of the
// wrappers), which is why temporaries past r31 are the first thing
// checked.
func (r *Report) registers(st *stage) {
	counts := regCounts(st.p.Stage)
	profile := st.p.Profile()
	if r.overflow {
		// The interstage registers of an overflowing pair: o# of the
		// vertex shader, v# of the pixel shader its compiler numbered on.
		t := d3d9.RegOutput
		if st.p.Stage == ir.Pixel {
			t = d3d9.RegInput
		}
		full := true
		for n := range counts[t] {
			full = full && len(st.byReg[n]) > 0
		}
		if full {
			counts[t] = 1 << 11 // the bytecode's register field
		}
	}
	for _, in := range st.p.Insts {
		for _, o := range operands(in) {
			for _, reg := range []*d3d9.Operand{o, o.Rel} {
				if reg == nil || reg.Type == d3d9.RegLabel {
					continue
				}
				n, ok := counts[reg.Type]
				name := st.regName(reg.Type, reg.Num)
				switch {
				case !ok:
					r.problem(st, in, "%s is not a %s register", name, profile)
				case reg.Num >= n && n == 1:
					r.problem(st, in, "%s is out of range: %s has only %s", name, profile, st.regName(reg.Type, 0))
				case reg.Num >= n:
					r.problem(st, in, "%s is out of range: %s has %s to %s", name, profile, st.regName(reg.Type, 0), st.regName(reg.Type, n-1))
				}
			}
		}
	}
}

// operands are an instruction's register operands: destination,
// predicate and sources (label operands included).
func operands(in *d3d9.Inst) []*d3d9.Operand {
	var ops []*d3d9.Operand
	if in.Dst != nil {
		ops = append(ops, in.Dst)
	}
	if in.Pred != nil {
		ops = append(ops, in.Pred)
	}
	for k := range in.Srcs {
		ops = append(ops, &in.Srcs[k])
	}
	return ops
}

// declarations checks the dcls of the registers that cross between the
// stages (o# of a vertex shader, v# of a pixel shader), and vPos.
func (r *Report) declarations(st *stage) {
	var position *decl
	for _, d := range st.decls {
		// The usage index is 0..15: four bits of the DCL token [MS:windows-
		// hardware dcl-instruction], [MS:dcl-usage-input-register---vs].
		// The parser and the decoder cannot produce more; a program built
		// in memory can, and its encoding would alias another semantic.
		if d.sem.index > ir.MaxUsageIndex {
			r.problem(st, d.in, "usage index %d is out of range: an index is 0 to %d", d.sem.index, ir.MaxUsageIndex)
		}
		// "The same semantic cannot be used multiple times in a
		// declaration" [MS:dcl-usage-outut-register---vs], [MS:dcl-usage
		// ---ps]: linkage is by semantic, so a second one is ambiguous.
		if first := st.bySem[d.sem]; first != d {
			e := r.problem(st, d.in, "%s is declared twice: a semantic has one declaration", d.sem)
			r.note(e, st, first.in, "%s is first declared here", d.sem)
		}
		// One semantic per component: a register "may be declared several
		// times, each time with a unique write mask" (same pages). POSITION0
		// ("must be declared to some unique register") and PSIZE ("no
		// other semantics can be assigned to any components of this
		// register", [MS:dcl-usage-outut-register---vs]) share their
		// register with nothing, whatever the masks.
		r.sharing(st, d)
		switch {
		case st.p.Stage == ir.Vertex && isPosition0(d.sem):
			// "When the position semantic is used, it should have a full
			// write mask because all four components have to be written"
			// [MS:dcl-usage-outut-register---vs]: the rasterizer reads
			// xyzw.
			if d.mask != ir.MaskXYZW {
				r.problem(st, d.in, "POSITION0 is declared .%s: the position takes the full mask", d.mask)
			}
			position = d
		case st.p.Stage == ir.Vertex && d.sem.usage == ir.UsagePSize:
			// The point size is a scalar in .x [MS:dcl-usage-outut-
			// register---vs]: the page asks for the full mask, and vkd3d
			// and shpack write dcl_psize o1; a mask without x declares no
			// point size.
			if d.mask&ir.MaskX == 0 {
				r.problem(st, d.in, "PSIZE is declared .%s: the point size is the register's .x", d.mask)
			}
		case st.p.Stage == ir.Pixel && isPosition0(d.sem):
			// fxc refuses POSITION0 as a pixel input (X4502: "Legal indices
			// are in [1,15]"), the pixel position is vPos [MS:dx9-graphics-
			// reference-asm-ps-registers-ps-3-0]; a pixel shader of vkd3d
			// 1.6 that declared one was refused by Wine's CreatePixelShader
			// (d3d9-render-check README).
			r.problem(st, d.in, "POSITION0 is not a pixel shader input: the pixel's position is vPos")
		case st.p.Stage == ir.Pixel && d.sem.usage == ir.UsagePSize:
			// "Pixel shaders cannot see this value" [MS:dcl-usage-outut-
			// register---vs].
			r.problem(st, d.in, "PSIZE is not a pixel shader input: pixel shaders cannot read the point size")
		}
	}
	// "Of the twelve output registers, ... another one must be declared as
	// position" [MS:dcl-usage-outut-register---vs]: without it nothing is
	// drawn.
	if st.p.Stage == ir.Vertex && position == nil {
		r.problem(st, nil, "no POSITION0 output: a vs_3_0 program declares one (dcl_position o#)")
	}
	// vPos "must have exactly one of the following masks: .x, .y, .xy"
	// [MS:dx9-graphics-reference-asm-ps-registers-ps-3-0]: its z and w
	// are undefined.
	for _, in := range st.p.Insts {
		if in.Op == d3d9.OpDcl && in.Dst.Type == d3d9.RegMisc && in.Dst.Num == 0 && st.p.Stage == ir.Pixel {
			if m := in.Dst.Mask; m != ir.MaskX && m != ir.MaskY && m != ir.MaskX|ir.MaskY {
				r.problem(st, in, "vPos is declared .%s: its mask is .x, .y or .xy", m)
			}
		}
	}
}

// sharing reports d's clash with the first earlier declaration of its
// register it may not share it with.
func (r *Report) sharing(st *stage, d *decl) {
	reg := st.regName(d.in.Dst.Type, d.reg)
	for _, o := range st.byReg[d.reg] {
		if o == d {
			return
		}
		var e *ir.Error
		switch {
		case o.sem.usage == ir.UsagePSize || d.sem.usage == ir.UsagePSize:
			e = r.problem(st, d.in, "%s shares %s with PSIZE: the point size has its register to itself", other(o, d), reg)
		case st.p.Stage == ir.Vertex && (isPosition0(o.sem) || isPosition0(d.sem)):
			e = r.problem(st, d.in, "%s shares %s with POSITION0: the position has its register to itself", other(o, d), reg)
		case o.mask&d.mask != 0:
			e = r.problem(st, d.in, "%s overlaps %s at .%s: each component has one semantic", d.sem, o.sem, o.mask&d.mask)
		default:
			continue
		}
		r.note(e, st, o.in, "%s is declared here", o.sem)
		return
	}
}

func isPosition0(s semantic) bool { return s.usage == ir.UsagePosition && s.index == 0 }

// other names the semantic of a pair that is not PSIZE or POSITION0.
func other(a, b *decl) semantic {
	if a.sem.usage == ir.UsagePSize || isPosition0(a.sem) {
		return b.sem
	}
	return a.sem
}

// order: "All dcl_usage instructions must appear before the first
// executable instruction" [MS:dcl-usage-outut-register---vs], [MS:dcl-
// usage---ps]. The pixel shader's def page says def "must appear before
// the first arithmetic or addressing instruction" and "can be intermixed
// with dcl instructions" [MS:def---ps]; the vertex shader's def page says
// nothing. The safe reading, taken for both stages and for defi and defb:
// declarations (dcl, def, defi, defb) come in any order among themselves,
// and all of them before the first instruction that is not one. fxc and
// vkd3d write them that way; a translator that reads declarations in a
// first pass may or may not see one placed later.
func (r *Report) order(st *stage) {
	var first *d3d9.Inst
	for _, in := range st.p.Insts {
		switch {
		case !in.Op.IsDecl():
			if first == nil && in.Op != d3d9.OpNop {
				first = in
			}
		case first != nil:
			e := r.problem(st, in, "a declaration after the first instruction: declarations (dcl, def) come first")
			r.note(e, st, first, "the first instruction")
		}
	}
}

// addressing checks relative addressing: vs_3_0 outputs may be indexed
// only with aL, ps_3_0 inputs only with aL (the RelAddr columns of the
// registers pages); and "if any indexing is used, POSITION must be in o0
// and PSIZE in o1" [MS:shader-model-3, "Index Any Register"]. Reason: an
// index through a0 into the outputs is not something the hardware model
// has, and runtimes translate o[aL + n] into an array of the registers
// from o0 on.
func (r *Report) addressing(st *stage) {
	var indexed *d3d9.Inst
	for _, in := range st.p.Insts {
		if in.Op.IsDecl() {
			continue
		}
		for _, o := range operands(in) {
			if o.Rel == nil {
				continue
			}
			switch {
			case o.Type == d3d9.RegOutput && st.p.Stage == ir.Vertex:
				if indexed == nil {
					indexed = in
				}
				if o.Rel.Type != d3d9.RegLoop {
					r.problem(st, in, "o[%s]: vs_3_0 indexes outputs only with aL", st.regName(o.Rel.Type, o.Rel.Num))
				}
			case o.Type == d3d9.RegInput && st.p.Stage == ir.Pixel && o.Rel.Type != d3d9.RegLoop:
				r.problem(st, in, "v[%s]: ps_3_0 indexes inputs only with aL", st.regName(o.Rel.Type, o.Rel.Num))
			}
		}
	}
	if indexed == nil {
		return
	}
	for _, d := range st.decls {
		switch {
		case isPosition0(d.sem) && d.reg != 0:
			e := r.problem(st, d.in, "POSITION0 is in o%d, but the program indexes its outputs: then the position is o0", d.reg)
			r.note(e, st, indexed, "outputs indexed here")
		case d.sem.usage == ir.UsagePSize && d.reg != 1:
			e := r.problem(st, d.in, "PSIZE is in o%d, but the program indexes its outputs: then the point size is o1", d.reg)
			r.note(e, st, indexed, "outputs indexed here")
		}
	}
}

// undeclared: o#, v#, vPos, vFace and s# "require DCL" (the registers
// pages). A write to an undeclared output goes nowhere, and a read of an
// undeclared input reads whatever the runtime leaves there; runtimes
// differ, and none says so. With relative addressing the base register
// is checked (what the index reaches is not known before the program
// runs).
func (r *Report) undeclared(st *stage) {
	for _, in := range st.p.Insts {
		if in.Op.IsDecl() {
			continue
		}
		if d := in.Dst; d != nil && d.Type == d3d9.RegOutput && !st.declared(d.Type, d.Num) && in.Op != d3d9.OpTexKill {
			r.problem(st, in, "writes %s, which no dcl declares", st.regName(d.Type, d.Num))
		}
		var reads []*d3d9.Operand
		for k := range in.Srcs {
			reads = append(reads, &in.Srcs[k])
		}
		if in.Op == d3d9.OpTexKill && in.Dst != nil {
			reads = append(reads, in.Dst) // texkill's operand is read
		}
		for _, s := range reads {
			switch s.Type {
			case d3d9.RegInput, d3d9.RegMisc, d3d9.RegSampler:
				if !st.declared(s.Type, s.Num) {
					r.problem(st, in, "reads %s, which no dcl declares", st.regName(s.Type, s.Num))
				}
			}
		}
	}
}

// labels: call and callnz name a subroutine by its label; a call to a
// label the program does not define has nowhere to go [MS:call---vs].
func (r *Report) labels(st *stage) {
	defined := map[int]bool{}
	for _, in := range st.p.Insts {
		if in.Op == d3d9.OpLabel && len(in.Srcs) > 0 {
			defined[in.Srcs[0].Num] = true
		}
	}
	for _, in := range st.p.Insts {
		if (in.Op == d3d9.OpCall || in.Op == d3d9.OpCallNZ) && len(in.Srcs) > 0 && !defined[in.Srcs[0].Num] {
			r.problem(st, in, "%s is not defined: no label %s", st.regName(d3d9.RegLabel, in.Srcs[0].Num), st.regName(d3d9.RegLabel, in.Srcs[0].Num))
		}
	}
}
