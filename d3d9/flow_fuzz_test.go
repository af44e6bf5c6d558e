package d3d9

import (
	"bytes"
	"testing"

	"github.com/shpack/shpack/ir"
)

// flowOps are the instructions FuzzDecodeFlow builds programs of, one a
// byte, with their spelling in a bracket string for the grammar below.
var flowOps = []struct {
	sym byte
	in  func() *Inst
}{
	{'(', func() *Inst { return &Inst{Op: OpIf, Srcs: []Operand{{Type: RegConstBool, Swizzle: Identity}}} }},
	{'(', func() *Inst {
		return &Inst{Op: OpIfc, Control: CmpLT, Srcs: []Operand{{Type: RegTemp, Swizzle: Identity}, {Type: RegConst, Swizzle: Identity}}}
	}},
	{'|', func() *Inst { return &Inst{Op: OpElse} }},
	{')', func() *Inst { return &Inst{Op: OpEndIf} }},
	{'[', func() *Inst {
		return &Inst{Op: OpLoop, Srcs: []Operand{{Type: RegLoop, Swizzle: Identity}, {Type: RegConstInt, Swizzle: Identity}}}
	}},
	{']', func() *Inst { return &Inst{Op: OpEndLoop} }},
	{'{', func() *Inst { return &Inst{Op: OpRep, Srcs: []Operand{{Type: RegConstInt, Swizzle: Identity}}} }},
	{'}', func() *Inst { return &Inst{Op: OpEndRep} }},
	{'b', func() *Inst { return &Inst{Op: OpBreak} }},
	{'b', func() *Inst {
		return &Inst{Op: OpBreakc, Control: CmpGE, Srcs: []Operand{{Type: RegTemp, Swizzle: Identity}, {Type: RegConst, Swizzle: Identity}}}
	}},
	{'r', func() *Inst { return &Inst{Op: OpRet} }},
	{'l', func() *Inst { return &Inst{Op: OpLabel, Srcs: []Operand{{Type: RegLabel, Swizzle: Identity}}} }},
	{'.', func() *Inst {
		return &Inst{Op: OpMov, Dst: &Operand{Type: RegTemp, Mask: ir.MaskXYZW}, Srcs: []Operand{{Type: RegConst, Swizzle: Identity}}}
	}},
	{'.', func() *Inst {
		return &Inst{Op: OpCall, Srcs: []Operand{{Type: RegLabel, Swizzle: Identity}}}
	}},
}

// nests is the nesting rules written as a grammar over the bracket string
// (an independent statement of flow.go's): a program is a main part and
// subroutines, each "l" after an "r"; a part is a sequence of items; an
// item is '(' seq ['|' seq] ')', '[' seq ']', '{' seq '}', 'b' inside a
// loop or rep, 'r' at the outermost level, or '.'.
func nests(s []byte) bool {
	i := 0
	var seq func(loops int, top bool) bool
	seq = func(loops int, top bool) bool {
		for i < len(s) {
			switch c := s[i]; c {
			case '(', '[', '{':
				i++
				inner := loops
				if c != '(' {
					inner++
				}
				if !seq(inner, false) {
					return false
				}
				if c == '(' && i < len(s) && s[i] == '|' {
					i++
					if !seq(inner, false) {
						return false
					}
				}
				want := map[byte]byte{'(': ')', '[': ']', '{': '}'}[c]
				if i >= len(s) || s[i] != want {
					return false
				}
				i++
			case 'b':
				if loops == 0 {
					return false
				}
				i++
			case 'r':
				if !top {
					return false
				}
				i++
			case 'l':
				if !top || i == 0 || s[i-1] != 'r' {
					return false
				}
				i++
			case '.':
				i++
			default: // a closer or '|': the enclosing item's
				return !top
			}
		}
		return true
	}
	return seq(0, true) && i == len(s)
}

// FuzzDecodeFlow builds bytecode of flow control from the fuzzer's bytes
// (one instruction a byte) and drops or changes tokens after a marker:
// Decode accepts exactly the programs whose blocks nest by the grammar
// above, refuses the rest with an error at a token, and what it accepts
// encodes to the same tokens.
func FuzzDecodeFlow(f *testing.F) {
	f.Add([]byte{0, 12, 3}, uint16(0))
	f.Add([]byte{4, 6, 8, 7, 5, 13, 10, 11, 12, 10}, uint16(0))
	f.Add([]byte{3}, uint16(0))
	f.Add([]byte{0, 2, 2, 3}, uint16(0))
	f.Add([]byte{4, 3, 5}, uint16(0))
	f.Add([]byte{0, 12, 3}, uint16(0x8001)) // the first token after the version changed
	f.Fuzz(func(t *testing.T, ops []byte, mutate uint16) {
		if len(ops) > 256 {
			return
		}
		p := &Program{Stage: ir.Vertex, Major: 3}
		var syms []byte
		for _, b := range ops {
			op := flowOps[int(b)%len(flowOps)]
			p.Insts = append(p.Insts, op.in())
			syms = append(syms, op.sym)
		}
		data, err := Encode(p)
		if err != nil {
			t.Fatal(err)
		}
		mutated := mutate&0x8000 != 0
		if mutated && len(data) > 8 {
			// One token changed to an instruction token of a flow
			// opcode with no parameters (as an endif turned into a
			// loop): operand counts are checked too.
			at := 1 + int(mutate&0x7FFF)%(len(data)/4-1)
			op := []Opcode{OpLoop, OpRep, OpIf, OpEndIf, OpElse, OpEndLoop, OpEndRep, OpBreak, OpLabel}[int(mutate>>8)%9]
			copy(data[4*at:], []byte{byte(op), 0, 0, 0})
		}
		q, err := Decode("f.cso", data)
		if err != nil {
			for _, e := range ir.Errors(err) {
				if !bytes.HasPrefix([]byte(e.Msg), []byte("token ")) {
					t.Fatalf("an error without its token: %v", e)
				}
			}
			if !mutated && nests(syms) {
				t.Fatalf("%s nests, but: %v", syms, err)
			}
			return
		}
		if !mutated && !nests(syms) {
			t.Fatalf("%s does not nest, and was accepted", syms)
		}
		again, err := Encode(q)
		if err != nil {
			t.Fatal(err)
		}
		if !bytes.Equal(again, data) {
			t.Fatalf("decode, encode differs")
		}
		if mutated {
			// What was accepted after a change nests by the grammar.
			var got []byte
			for _, in := range q.Insts {
				for _, op := range flowOps {
					if x := op.in(); x.Op == in.Op {
						got = append(got, op.sym)
						break
					}
				}
			}
			if !nests(got) {
				t.Fatalf("accepted after a change, and does not nest: %s", got)
			}
		}
	})
}
