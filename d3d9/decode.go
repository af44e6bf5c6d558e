package d3d9

import (
	"encoding/binary"
	"fmt"

	"github.com/shpack/shpack/ir"
)

// Decoding compiled bytecode (the token format of Microsoft's "Direct3D 9
// shader codes" pages): a version token (0xFFFE0300 for vs_3_0,
// 0xFFFF0300 for ps_3_0), then instruction tokens, each followed by its
// parameter tokens, and comment blocks (CTAB among them, kept as data in
// Program.Comments), up to the end token. From Shader Model 2 on, an instruction token holds the number of
// tokens that follow it, so the decoder never guesses where an instruction
// ends; a predicated instruction has its predicate after the destination,
// and a parameter with relative addressing is followed by the address
// register's token.

// maxTokens bounds the program a decode accepts (16 MiB of tokens).
const maxTokens = 4 << 20

// IsBytecode reports whether data starts with a Direct3D 9 version token.
func IsBytecode(data []byte) bool {
	if len(data) < 4 {
		return false
	}
	v := binary.LittleEndian.Uint32(data)
	return v>>16 == 0xFFFE || v>>16 == 0xFFFF
}

// Read reads a program in either form: bytecode (it starts with a version
// token) or assembly text.
func Read(file string, data []byte) (*Program, error) {
	if IsBytecode(data) {
		return Decode(file, data)
	}
	return Parse(file, data)
}

// Decode reads compiled bytecode; file names it in errors. Only Shader
// Model 2 and 3 programs are decoded (Shader Model 1 tokens carry no
// instruction lengths).
func Decode(file string, data []byte) (*Program, error) {
	if len(data)%4 != 0 {
		return nil, ir.ErrorList{errorAt(file, 0, "bytecode is %d bytes, not a whole number of 32-bit tokens", len(data))}
	}
	n := len(data) / 4
	if n == 0 {
		return nil, ir.ErrorList{errorAt(file, 0, "empty bytecode")}
	}
	if n > maxTokens {
		return nil, ir.ErrorList{errorAt(file, 0, "bytecode too large (%d tokens)", n)}
	}
	tok := func(i int) uint32 { return binary.LittleEndian.Uint32(data[4*i:]) }
	bad := func(at int, format string, args ...any) error {
		e := errorAt(file, 0, "token %d: "+format, append([]any{at}, args...)...)
		e.Pos.Line = 0
		return ir.ErrorList{e}
	}
	v := tok(0)
	p := &Program{Major: int(v>>8) & 0xFF, Minor: int(v & 0xFF)}
	switch v >> 16 {
	case 0xFFFE:
		p.Stage = ir.Vertex
	case 0xFFFF:
		p.Stage = ir.Pixel
	default:
		return nil, bad(0, "not a Direct3D 9 version token (%#08x)", v)
	}
	if p.Major < 2 || p.Major > 3 {
		return nil, bad(0, "%s: only Shader Model 2 and 3 bytecode is read", p.Profile())
	}
	if !p.validVersion() {
		return nil, bad(0, "version %d.%d (%#08x) is no Direct3D 9 profile: Shader Model 2 is 2.0, 2.1 (2_x) or 2.255 (2_sw), Shader Model 3 is 3.0 or 3.255 (3_sw)", p.Major, p.Minor, v)
	}
	i := 1
	for {
		if i >= n {
			return nil, bad(i, "the program has no end token")
		}
		t := tok(i)
		op := Opcode(t & 0xFFFF)
		switch op {
		case OpEnd:
			// The blocks nest (flow.go), as the runtime's validator
			// requires before it runs a program.
			if pr := p.flow(); pr != nil {
				return nil, ir.ErrorList{pr.error(file, p, nil)}
			}
			return p, nil
		case OpComment:
			length := int(t>>16) & 0x7FFF
			if i+1+length > n {
				return nil, bad(i, "a comment of %d tokens runs past the end", length)
			}
			c := make([]uint32, length)
			for k := range c {
				c[k] = tok(i + 1 + k)
			}
			p.Comments = append(p.Comments, c)
			i += 1 + length
			continue
		}
		if t&(1<<31) != 0 {
			return nil, bad(i, "a parameter token where an instruction was expected (%#08x)", t)
		}
		if !op.Known() {
			return nil, bad(i, "unknown opcode %d", op)
		}
		length := int(t>>24) & 0xF
		if i+1+length > n {
			return nil, bad(i, "%s: %d parameter tokens run past the end", op, length)
		}
		in := &Inst{Op: op, Control: uint8(t >> 16), Coissue: t&(1<<30) != 0, Offset: i}
		params := make([]uint32, length)
		for k := range params {
			params[k] = tok(i + 1 + k)
		}
		if err := p.decodeInst(in, params, t&(1<<28) != 0); err != nil {
			return nil, bad(i, "%s: %v", op, err)
		}
		if msg := p.operandProblem(in); msg != "" {
			return nil, bad(i, "%s", msg)
		}
		p.Insts = append(p.Insts, in)
		i += 1 + length
	}
}

// decodeInst reads an instruction's parameter tokens.
func (p *Program) decodeInst(in *Inst, params []uint32, predicated bool) error {
	k := 0
	next := func() (uint32, error) {
		if k >= len(params) {
			return 0, fmt.Errorf("too few parameter tokens")
		}
		k++
		return params[k-1], nil
	}
	readParam := func(dst bool) (Operand, error) {
		t, err := next()
		if err != nil {
			return Operand{}, err
		}
		if t&(1<<31) == 0 {
			return Operand{}, fmt.Errorf("parameter token %#08x lacks bit 31", t)
		}
		o := decodeOperand(t, dst)
		if t&(1<<13) != 0 && (p.Stage == ir.Vertex || p.Major >= 3) {
			a, err := next()
			if err != nil {
				return Operand{}, err
			}
			rel := decodeOperand(a, false)
			o.Rel = &rel
		}
		return o, nil
	}
	switch in.Op {
	case OpDcl:
		u, err := next()
		if err != nil {
			return err
		}
		d, err := readParam(true)
		if err != nil {
			return err
		}
		in.Dst = &d
		in.Usage = ir.Usage(u & 0x1F)
		in.UsageIndex = int(u>>16) & 0xF
		in.Sampler = SamplerType(u>>27) & 0xF
		// D3DDECLUSAGE has 14 values (POSITION 0 to SAMPLE 13); a
		// sampler's token holds its texture type instead.
		switch {
		case d.Type != RegSampler && in.Usage > ir.UsageSample:
			return fmt.Errorf("usage %d is not a D3DDECLUSAGE (0 to %d)", in.Usage, ir.UsageSample)
		case d.Type == RegSampler && (in.Sampler < Sampler2D || in.Sampler > SamplerVolume):
			return fmt.Errorf("texture type %d of s%d is not 2d, cube or volume", in.Sampler, d.Num)
		}
	case OpDef, OpDefI, OpDefB:
		d, err := readParam(true)
		if err != nil {
			return err
		}
		in.Dst = &d
		count := 4
		if in.Op == OpDefB {
			count = 1
		}
		for j := range count {
			if in.Def[j], err = next(); err != nil {
				return err
			}
		}
	default:
		if in.Op.HasDst() {
			d, err := readParam(true)
			if err != nil {
				return err
			}
			in.Dst = &d
		}
		if predicated {
			s, err := readParam(false)
			if err != nil {
				return err
			}
			in.Pred = &s
		}
		for k < len(params) {
			s, err := readParam(false)
			if err != nil {
				return err
			}
			in.Srcs = append(in.Srcs, s)
		}
	}
	if k != len(params) {
		return fmt.Errorf("%d parameter tokens left over", len(params)-k)
	}
	return nil
}

// decodeOperand reads a destination or source parameter token.
func decodeOperand(t uint32, dst bool) Operand {
	o := Operand{
		Type: RegType((t>>28)&7 | (t>>8)&0x18),
		Num:  int(t & 0x7FF),
	}
	if dst {
		o.Mask = ir.Mask(t>>16) & ir.MaskXYZW
		mod := (t >> 20) & 0xF
		o.Sat, o.PP, o.Cent = mod&1 != 0, mod&2 != 0, mod&4 != 0
		o.Shift = int8(int32(t<<4) >> 28) // bits 24-27, signed
		return o
	}
	for c := range 4 {
		o.Swizzle[c] = uint8(t>>(16+2*c)) & 3
	}
	o.Mod = SrcMod(t>>24) & 0xF
	return o
}
