package check

import (
	"github.com/shpack/shpack/d3d9"
	"github.com/shpack/shpack/ir"
)

// reads returns the components of each v# register that p's instructions
// read: for every source operand on a v#, the channels the instruction
// uses (channels), mapped through the operand's swizzle. A value a
// runtime loses matters only if the pixel shader reads it: fxc declares
// texcoord0 v0.xy and texcoord1 v0.zw and may read only one of them.
//
// Where an instruction's reads are not simple the answer is larger, never
// smaller: an unknown or fixed-pattern instruction reads every channel, a
// relative read v[aL + n] reads the same components of every declared
// register from v#n on.
func reads(p *d3d9.Program) map[int]ir.Mask {
	samplers := map[int]d3d9.SamplerType{}
	var inputs []int // the declared v# registers, for relative reads
	for _, in := range p.Insts {
		if in.Op != d3d9.OpDcl || in.Dst == nil {
			continue
		}
		switch in.Dst.Type {
		case d3d9.RegSampler:
			samplers[in.Dst.Num] = in.Sampler
		case d3d9.RegInput:
			inputs = append(inputs, in.Dst.Num)
		}
	}
	out := map[int]ir.Mask{}
	mark := func(o *d3d9.Operand, comps ir.Mask) {
		if o.Rel == nil {
			out[o.Num] |= comps
			return
		}
		for _, reg := range inputs {
			if reg >= o.Num {
				out[reg] |= comps
			}
		}
	}
	for _, in := range p.Insts {
		if in.Op.IsDecl() {
			continue
		}
		// texkill's operand is a destination token that is read: the
		// components of its mask.
		if in.Op == d3d9.OpTexKill && in.Dst != nil && in.Dst.Type == d3d9.RegInput {
			mark(in.Dst, in.Dst.Mask)
		}
		for k := range in.Srcs {
			s := &in.Srcs[k]
			if s.Type != d3d9.RegInput {
				continue
			}
			used := channels(in, k, samplers)
			var comps ir.Mask
			for ch := range 4 {
				if used&(1<<ch) != 0 {
					comps |= 1 << s.Swizzle[ch]
				}
			}
			mark(s, comps)
			// The matrix of m4x4 and the like is its source 1 and the
			// registers after it, one a row.
			if rows := matrixRows(in.Op); k == 1 && rows > 1 && s.Rel == nil {
				for row := 1; row < rows; row++ {
					out[s.Num+row] |= comps
				}
			}
		}
	}
	return out
}

// channels are the channels (positions in the swizzle) of source k that
// instruction in uses; the components read are the swizzle's letters at
// those channels. repack.channelsRead answers the same question for the
// rewrite; this one is sharper for texture lookups (a 2D lookup reads .xy
// of its coordinates, so texld r0, v0, s0 does not read texcoord1 in
// v0.zw), for dot products and the fixed patterns, where it matters which
// semantic of a packed register is read.
func channels(in *d3d9.Inst, k int, samplers map[int]d3d9.SamplerType) ir.Mask {
	xy, xyz, all := ir.MaskX|ir.MaskY, ir.MaskX|ir.MaskY|ir.MaskZ, ir.MaskXYZW
	// scalar: an instruction that reads one replicated component reads
	// channel x; without a replicate swizzle, all of them, to be safe.
	scalar := func() ir.Mask {
		sw := in.Srcs[k].Swizzle
		if sw[0] == sw[1] && sw[1] == sw[2] && sw[2] == sw[3] {
			return ir.MaskX
		}
		return all
	}
	// coords are the texture coordinates of a lookup in the sampler of
	// source 1: .xy for a 2D texture, .xyz for a cube or a volume.
	coords := func() ir.Mask {
		if len(in.Srcs) < 2 || in.Srcs[1].Type != d3d9.RegSampler {
			return all
		}
		switch samplers[in.Srcs[1].Num] {
		case d3d9.Sampler2D:
			return xy
		case d3d9.SamplerCube, d3d9.SamplerVolume:
			return xyz
		}
		return all
	}
	switch in.Op {
	case d3d9.OpDp3, d3d9.OpCrs:
		return xyz
	case d3d9.OpDp4:
		return all
	case d3d9.OpDp2Add:
		if k < 2 {
			return xy
		}
		return scalar()
	case d3d9.OpM4x4, d3d9.OpM4x3:
		return all
	case d3d9.OpM3x4, d3d9.OpM3x3, d3d9.OpM3x2:
		return xyz
	case d3d9.OpNrm:
		if in.Dst != nil && in.Dst.Mask&ir.MaskW != 0 {
			return all // the w written is src.w scaled
		}
		return xyz
	case d3d9.OpLit:
		return ir.MaskX | ir.MaskY | ir.MaskW
	case d3d9.OpDst:
		if k == 0 {
			return ir.MaskY | ir.MaskZ
		}
		return ir.MaskY | ir.MaskW
	case d3d9.OpSinCos, d3d9.OpIfc, d3d9.OpBreakc:
		return scalar()
	case d3d9.OpTex:
		if k != 0 {
			return all
		}
		if in.Control&(d3d9.TexProject|d3d9.TexBias) != 0 {
			return coords() | ir.MaskW // texldp divides by w, texldb biases by it
		}
		return coords()
	case d3d9.OpTexLdl:
		if k != 0 {
			return all
		}
		return coords() | ir.MaskW // w is the level of detail
	case d3d9.OpTexLdd:
		if k == 1 {
			return all
		}
		return coords() // the coordinates and the two gradients
	}
	switch in.Op.Kind() {
	case d3d9.KindComponent:
		if in.Dst != nil {
			return in.Dst.Mask
		}
		return scalar()
	case d3d9.KindScalar:
		return scalar()
	}
	return all
}

// matrixRows is the number of rows (registers) of the matrix operand of a
// matrix instruction, 0 for the others.
func matrixRows(op d3d9.Opcode) int {
	switch op {
	case d3d9.OpM4x4, d3d9.OpM3x4:
		return 4
	case d3d9.OpM4x3, d3d9.OpM3x3:
		return 3
	case d3d9.OpM3x2:
		return 2
	}
	return 0
}
