package d3d9

import (
	"encoding/binary"
	"fmt"

	"github.com/shpack/shpack/ir"
)

// Encode writes a program as bytecode, the token format Decode reads:
// what Microsoft's and Wine's runtimes load directly, and the form to use
// for programs MojoShader's assembler cannot read back from text
// (predicated instructions, relative addressing of a destination). The
// program's comment blocks (its constant table) follow the version token,
// as compilers put them. Only Shader Model 2 and 3 programs are encoded.
func Encode(p *Program) ([]byte, error) {
	if p.Major < 2 || p.Major > 3 {
		return nil, fmt.Errorf("d3d9: %s: only Shader Model 2 and 3 programs are encoded", p.Profile())
	}
	var toks []uint32
	stage := uint32(0xFFFE)
	if p.Stage == ir.Pixel {
		stage = 0xFFFF
	}
	toks = append(toks, stage<<16|uint32(p.Major)<<8|uint32(p.Minor))
	for _, c := range p.Comments {
		if len(c) > 0x7FFF {
			return nil, fmt.Errorf("d3d9: a comment block of %d tokens (at most 32767)", len(c))
		}
		toks = append(toks, uint32(OpComment)|uint32(len(c))<<16)
		toks = append(toks, c...)
	}
	for _, in := range p.Insts {
		var params []uint32
		param := func(o Operand, dst bool) {
			params = append(params, encodeOperand(o, dst))
			if o.Rel != nil {
				params = append(params, encodeOperand(*o.Rel, false))
			}
		}
		switch in.Op {
		case OpDcl:
			u := uint32(1) << 31
			if in.Dst.Type == RegSampler {
				u |= uint32(in.Sampler) << 27
			} else if !(in.Dst.Type == RegMisc || p.Stage == ir.Pixel && p.Major < 3) {
				u |= uint32(in.Usage)&0x1F | uint32(in.UsageIndex&0xF)<<16
			}
			params = append(params, u)
			param(*in.Dst, true)
		case OpDef, OpDefI, OpDefB:
			param(*in.Dst, true)
			n := 4
			if in.Op == OpDefB {
				n = 1
			}
			params = append(params, in.Def[:n]...)
		default:
			if in.Dst != nil {
				param(*in.Dst, true)
			}
			if in.Pred != nil {
				param(*in.Pred, false)
			}
			for _, s := range in.Srcs {
				param(s, false)
			}
		}
		if len(params) > 15 {
			return nil, fmt.Errorf("d3d9: %s: too many parameter tokens (%d)", p.InstString(in), len(params))
		}
		t := uint32(in.Op) | uint32(in.Control)<<16 | uint32(len(params))<<24
		if in.Pred != nil {
			t |= 1 << 28
		}
		if in.Coissue {
			t |= 1 << 30
		}
		toks = append(toks, t)
		toks = append(toks, params...)
	}
	toks = append(toks, uint32(OpEnd))
	out := make([]byte, 4*len(toks))
	for i, t := range toks {
		binary.LittleEndian.PutUint32(out[4*i:], t)
	}
	return out, nil
}

// encodeOperand writes a destination or source parameter token.
func encodeOperand(o Operand, dst bool) uint32 {
	t := uint32(1)<<31 | uint32(o.Num)&0x7FF | (uint32(o.Type)&7)<<28 | (uint32(o.Type)&0x18)<<8
	if o.Rel != nil {
		t |= 1 << 13
	}
	if dst {
		var mod uint32
		if o.Sat {
			mod |= 1
		}
		if o.PP {
			mod |= 2
		}
		if o.Cent {
			mod |= 4
		}
		return t | uint32(o.Mask&ir.MaskXYZW)<<16 | mod<<20 | (uint32(o.Shift)&0xF)<<24
	}
	for c, s := range o.Swizzle {
		t |= uint32(s&3) << (16 + 2*c)
	}
	return t | uint32(o.Mod&0xF)<<24
}
