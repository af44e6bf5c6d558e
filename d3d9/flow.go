package d3d9

import (
	"fmt"

	"github.com/shpack/shpack/ir"
)

// What the Direct3D 9 validator checks of a program's shape before it
// runs, and what Parse and Decode check in turn, so that nothing past
// them meets an instruction without its operands or a block that does
// not close: each instruction has the operands its opcode takes, of the
// register files flow control reads (loop aL, i#; rep i#; if b# or p0;
// call l#), and the blocks nest.
//
// The nesting rules, as the instruction pages of the assembly reference
// state them and MojoShader enforces them: if (or if_comp) ... [else]
// ... endif, loop ... endloop and rep ... endrep nest as brackets do; an
// if has one else at most; break, break_comp and breakp stand inside a
// loop or a rep; ret ends the main program or a subroutine, so no block
// is open at a ret; a subroutine (label l#) starts after a ret, outside
// every block; and every block is closed by the end of the program.

// srcCounts are the numbers of source operands an opcode takes when they
// differ between models: sincos and sgn take three in Shader Model 2
// (the two extra are constants or temporaries), one in Shader Model 3,
// and texkill names its register as its destination. Shader Model 1's
// texture instructions take 0 or 1.
func srcCounts(p *Program, op Opcode) []int {
	switch {
	case op == OpSinCos || op == OpSgn:
		if p.Major >= 3 {
			return []int{1}
		}
		return []int{1, 3}
	case op == OpTexKill:
		return []int{0}
	case op == OpTex && p.Major < 2:
		return []int{0, 1}
	}
	return []int{op.NumSrcs()}
}

// operandProblem says what is wrong with an instruction's operands ("" if
// nothing): their number, and the register files flow control takes.
func (p *Program) operandProblem(in *Inst) string {
	if in.Op.IsDecl() {
		return "" // read by their own rules
	}
	if in.Op.HasDst() && in.Dst == nil {
		return fmt.Sprintf("%s needs a destination", in.Op)
	}
	counts := srcCounts(p, in.Op)
	ok := false
	for _, n := range counts {
		ok = ok || len(in.Srcs) == n
	}
	if !ok {
		want := fmt.Sprint(counts[0])
		if len(counts) > 1 {
			want = fmt.Sprintf("%d or %d", counts[0], counts[1])
		}
		noun := "source operands"
		if want == "1" {
			noun = "source operand"
		}
		return fmt.Sprintf("%s takes %s %s, has %d", p.opName(in), want, noun, len(in.Srcs))
	}
	// The register files of flow control's operands: what MojoShader and
	// the D3D9 validator refuse, and what a transform reads (a loop's
	// count is in the integer constant its second operand names).
	want := func(k int, what string, types ...RegType) string {
		for _, t := range types {
			if in.Srcs[k].Type == t {
				return ""
			}
		}
		return fmt.Sprintf("%s takes %s, not %s", p.opName(in), what, p.RegName(in.Srcs[k].Type, in.Srcs[k].Num))
	}
	var msg string
	switch in.Op {
	case OpLoop:
		msg = want(0, "aL as its first operand", RegLoop)
		if msg == "" {
			msg = want(1, "an integer constant (i#) as its second operand", RegConstInt)
		}
	case OpRep:
		msg = want(0, "an integer constant (i#)", RegConstInt)
	case OpIf:
		msg = want(0, "a boolean constant (b#) or the predicate (p0)", RegConstBool, RegPredicate)
	case OpBreakp:
		msg = want(0, "the predicate (p0)", RegPredicate)
	case OpCall, OpLabel:
		msg = want(0, "a label (l#)", RegLabel)
	case OpCallNZ:
		msg = want(0, "a label (l#) as its first operand", RegLabel)
		if msg == "" {
			msg = want(1, "a boolean constant (b#) or the predicate (p0) as its second operand", RegConstBool, RegPredicate)
		}
	}
	return msg
}

// A flowProblem is a breach of the nesting rules: the instruction (its
// index in Program.Insts) and what is wrong; other, when not -1, is the
// instruction a note points at (the block's opener).
type flowProblem struct {
	at, other int
	msg, note string
}

// closers name the instruction that ends each kind of block.
var closers = map[Opcode]string{OpIf: "endif", OpIfc: "endif", OpLoop: "endloop", OpRep: "endrep"}

// flow checks that the blocks of p nest (see the top of the file); it
// returns the first breach, or nil.
func (p *Program) flow() *flowProblem {
	type block struct {
		at      int // index of the opener
		op      Opcode
		hasElse bool
	}
	var open []block
	loops := 0 // loops and reps among open
	top := func() *block { return &open[len(open)-1] }
	closeAs := func(i int, kinds ...Opcode) *flowProblem {
		name := p.Insts[i].Op.String()
		if len(open) == 0 {
			opener := kinds[0].String()
			return &flowProblem{at: i, other: -1, msg: fmt.Sprintf("%s without %s: no block is open", name, article(opener))}
		}
		b := top()
		for _, k := range kinds {
			if b.op == k {
				return nil
			}
		}
		return &flowProblem{at: i, other: b.at,
			msg:  fmt.Sprintf("%s, but the innermost open block is %s: blocks nest, and %s ends with %s", name, article(p.opName(p.Insts[b.at])), article(p.Insts[b.at].Op.String()), closers[b.op]),
			note: fmt.Sprintf("the %s opens here", p.Insts[b.at].Op)}
	}
	prev := Opcode(OpNop)
	first := true
	for i, in := range p.Insts {
		switch in.Op {
		case OpIf, OpIfc, OpLoop, OpRep:
			open = append(open, block{at: i, op: in.Op})
			if in.Op == OpLoop || in.Op == OpRep {
				loops++
			}
		case OpElse:
			if pr := closeAs(i, OpIf, OpIfc); pr != nil {
				return pr
			}
			if top().hasElse {
				return &flowProblem{at: i, other: top().at, msg: "a second else in one if", note: "the if opens here"}
			}
			top().hasElse = true
		case OpEndIf:
			if pr := closeAs(i, OpIf, OpIfc); pr != nil {
				return pr
			}
			open = open[:len(open)-1]
		case OpEndLoop, OpEndRep:
			kind := OpLoop
			if in.Op == OpEndRep {
				kind = OpRep
			}
			if pr := closeAs(i, kind); pr != nil {
				return pr
			}
			open = open[:len(open)-1]
			loops--
		case OpBreak, OpBreakc, OpBreakp:
			if loops == 0 {
				return &flowProblem{at: i, other: -1, msg: fmt.Sprintf("%s outside a loop or rep: there is nothing to break out of", p.opName(in))}
			}
		case OpRet:
			if len(open) > 0 {
				b := top()
				return &flowProblem{at: i, other: b.at, msg: fmt.Sprintf("ret inside %s: ret ends the program or a subroutine, and the %s is not closed (%s)", article(p.Insts[b.at].Op.String()), p.Insts[b.at].Op, closers[b.op]), note: fmt.Sprintf("the %s opens here", p.Insts[b.at].Op)}
			}
		case OpLabel:
			if len(open) > 0 {
				b := top()
				return &flowProblem{at: i, other: b.at, msg: fmt.Sprintf("label inside %s: a subroutine starts outside every block", article(p.Insts[b.at].Op.String())), note: fmt.Sprintf("the %s opens here", p.Insts[b.at].Op)}
			}
			if first || prev != OpRet {
				return &flowProblem{at: i, other: -1, msg: "label after an instruction that is not ret: a subroutine follows the ret that ends the main program or the subroutine before it"}
			}
		}
		if !in.Op.IsDecl() && in.Op != OpNop {
			prev, first = in.Op, false
		}
	}
	if len(open) > 0 {
		b := open[len(open)-1]
		return &flowProblem{at: b.at, other: -1, msg: fmt.Sprintf("%s without %s: the block is open at the end of the program", p.opName(p.Insts[b.at]), closers[b.op])}
	}
	return nil
}

// article puts "a" or "an" before a name.
func article(name string) string {
	switch name[0] {
	case 'a', 'e', 'i', 'o', 'u':
		return "an " + name
	}
	return "a " + name
}

// A ShapeProblem is a breach of the rules Parse and Decode check of a
// program's shape (operand counts and files, the nesting of its blocks):
// the instruction and what is wrong, and, when Other is not nil, an
// instruction a note points at (the block's opener) and the note.
type ShapeProblem struct {
	Inst  *Inst
	Msg   string
	Other *Inst
	Note  string
}

// Shape returns what Parse and Decode refuse of a program's shape, for a
// program built or edited in memory: every instruction's operand
// problems, or else the first breach of the nesting rules.
func (p *Program) Shape() []ShapeProblem {
	var out []ShapeProblem
	for _, in := range p.Insts {
		if msg := p.operandProblem(in); msg != "" {
			out = append(out, ShapeProblem{Inst: in, Msg: msg})
		}
	}
	if len(out) > 0 {
		return out
	}
	if pr := p.flow(); pr != nil {
		sp := ShapeProblem{Inst: p.Insts[pr.at], Msg: pr.msg}
		if pr.other >= 0 {
			sp.Other, sp.Note = p.Insts[pr.other], pr.note
		}
		out = append(out, sp)
	}
	return out
}

// CheckShape is Shape as positioned errors: at the instruction's line
// (text) or token (bytecode, in the message).
func CheckShape(file string, p *Program) ir.ErrorList {
	var errs ir.ErrorList
	for _, sp := range p.Shape() {
		e := instError(file, p, sp.Inst, 1, "%s", sp.Msg)
		if sp.Other != nil {
			n := instError(file, p, sp.Other, 1, "%s", sp.Note)
			e.Notes = append(e.Notes, ir.Note{Pos: n.Pos, Msg: n.Msg})
		}
		errs = append(errs, e)
	}
	return errs
}

// error makes the problem a positioned error; cols, when not nil, are the
// instructions' columns in the text.
func (pr *flowProblem) error(file string, p *Program, cols []int) *ir.Error {
	col := func(i int) int {
		if i < len(cols) {
			return cols[i]
		}
		return 1
	}
	e := instError(file, p, p.Insts[pr.at], col(pr.at), "%s", pr.msg)
	if pr.other >= 0 {
		n := instError(file, p, p.Insts[pr.other], col(pr.other), "%s", pr.note)
		e.Notes = append(e.Notes, ir.Note{Pos: n.Pos, Msg: n.Msg})
	}
	return e
}

// instError positions an error at an instruction: its line and column in
// the text, or its token in the bytecode (in the message: a bytecode
// error has no line).
func instError(file string, p *Program, in *Inst, col int, format string, args ...any) *ir.Error {
	msg := fmt.Sprintf(format, args...)
	if in.Line == 0 {
		return &ir.Error{Pos: ir.Pos{File: file}, Msg: fmt.Sprintf("token %d: %s", in.Offset, msg)}
	}
	return &ir.Error{Pos: ir.Pos{File: file, Line: in.Line, Col: col}, Msg: msg}
}
