// Package d3d9 owns Direct3D 9 shader programs as code: the vs_3_0/ps_3_0
// instruction set, a parser for assembly text as fxc's /Fc, vkd3d's and
// MojoShader's disassemblers print it, a decoder for compiled bytecode
// (.cso/.d3dbc), and a printer whose output MojoShader's assembler takes.
// A Program is a list of instructions with their operands; transforms
// (package repack) edit it and print it again.
//
// It knows the token format and the syntax, not what a program computes:
// each opcode's table entry says how its destination relates to its
// sources (per component, a replicated scalar, or a fixed pattern), which
// is what a transform that moves registers needs. The bytecode's comment
// blocks, the CTAB constant table among them, are kept as they are
// (Program.Comments); text comments are not. Shader Models 1 and 2 are
// read as far as their tokens go, but only vs_3_0 and ps_3_0 are the
// package's subject.
package d3d9

import (
	"fmt"

	"github.com/shpack/shpack/ir"
)

// A Program is a decoded or parsed shader.
type Program struct {
	Stage        ir.Stage
	Major, Minor int
	Insts        []*Inst
	// Comments are the data of the bytecode's comment blocks, in order:
	// the constant table (CTAB) that compilers write, which runtimes read
	// (MojoShader sizes an array of constants indexed relatively from it;
	// effect frameworks find their parameters by it), and whatever else.
	// Encode writes them back after the version token; text has none.
	Comments [][]uint32
	// Line and Col are where the version line is in assembly text (0 for
	// bytecode, where it is token 0): what a problem of the whole program
	// (its profile) is positioned at.
	Line, Col int
}

// MinorSoftware is the minor version of the software profiles (vs_3_sw:
// 3.255).
const MinorSoftware = 0xFF

// validVersion reports whether the program's version is one of Direct3D
// 9's: vs_1_1, ps_1_1 to ps_1_4, vs/ps_2_0, 2_x (2.1; ps_2_b as vkd3d
// writes it, 2.2), 3_0, and the software profiles of Shader Model 2 and 3.
func (p *Program) validVersion() bool {
	switch p.Major {
	case 1:
		return p.Minor == 1 || p.Stage == ir.Pixel && p.Minor >= 1 && p.Minor <= 4
	case 2:
		return p.Minor == 0 || p.Minor == 1 || p.Minor == MinorSoftware || p.Stage == ir.Pixel && p.Minor == 2
	case 3:
		return p.Minor == 0 || p.Minor == MinorSoftware
	}
	return false
}

// CTAB is the tag of the constant table's comment block ("CTAB").
const CTAB = 0x42415443

// HasCTAB reports whether the program carries a constant table.
func (p *Program) HasCTAB() bool {
	for _, c := range p.Comments {
		if len(c) > 0 && c[0] == CTAB {
			return true
		}
	}
	return false
}

// Profile spells the program's version: "vs_3_0".
func (p *Program) Profile() string {
	s := "vs"
	if p.Stage == ir.Pixel {
		s = "ps"
	}
	switch {
	case p.Minor == MinorSoftware:
		return fmt.Sprintf("%s_%d_sw", s, p.Major)
	case p.Major == 2 && p.Minor == 1:
		return s + "_2_x"
	}
	return fmt.Sprintf("%s_%d_%d", s, p.Major, p.Minor)
}

// An Inst is one instruction.
type Inst struct {
	Op      Opcode
	Control uint8 // comparison (ifc, breakc, setp) or texld variant (texldp, texldb)
	// Coissue marks a ps_1_x co-issued instruction (+ prefix).
	Coissue bool
	// Pred is the predicate operand of a predicated instruction ((p0.x) or
	// (!p0)), nil if none.
	Pred *Operand
	Dst  *Operand
	Srcs []Operand
	// Declarations: the usage and index of dcl_usage, the texture type of
	// dcl_2d and the like.
	Usage      ir.Usage
	UsageIndex int
	Sampler    SamplerType
	// Def holds the four values of def, defi (int32 bits) and defb (one
	// bool in Def[0]) as raw 32-bit words.
	Def [4]uint32
	// Line is the line of the assembly text the instruction was read from
	// (0 for bytecode, where Offset is the token index instead).
	Line, Offset int
}

// An Operand is a register reference: the destination (with its write
// mask and result modifiers) or a source (with its swizzle and source
// modifier).
type Operand struct {
	Type RegType
	Num  int
	// Rel is the register that indexes this one (c[a0.x + 4], o[aL + 1]),
	// nil if none; its Swizzle[0] selects the component of a0.
	Rel *Operand
	// Destination: write mask (x = 1 .. w = 8) and result modifiers.
	Mask  ir.Mask
	Sat   bool
	PP    bool // partial precision (_pp)
	Cent  bool // centroid (_centroid)
	Shift int8 // result shift (_x2 .. _d8, ps_1_x), in powers of two
	// Source: swizzle (component read by each channel x, y, z, w) and
	// modifier.
	Swizzle [4]uint8
	Mod     SrcMod
}

// Identity is the swizzle .xyzw.
var Identity = [4]uint8{0, 1, 2, 3}

// SamplerType is the texture type of a sampler declaration.
type SamplerType uint8

// Sampler texture types (D3DSAMPLER_TEXTURE_TYPE >> 27).
const (
	SamplerUnknown SamplerType = 0
	Sampler2D      SamplerType = 2
	SamplerCube    SamplerType = 3
	SamplerVolume  SamplerType = 4
)

// SrcMod is a source modifier (D3DSHADER_PARAM_SRCMOD_TYPE).
type SrcMod uint8

// The source modifiers, in token order.
const (
	ModNone SrcMod = iota
	ModNeg
	ModBias
	ModBiasNeg
	ModSign
	ModSignNeg
	ModComp
	ModX2
	ModX2Neg
	ModDz
	ModDw
	ModAbs
	ModAbsNeg
	ModNot
)

// Comparisons of ifc, breakc and setp (the instruction token's control
// bits).
const (
	CmpGT = 1
	CmpEQ = 2
	CmpGE = 3
	CmpLT = 4
	CmpNE = 5
	CmpLE = 6
)

var cmpNames = [...]string{"", "gt", "eq", "ge", "lt", "ne", "le"}

// texld variants (control bits).
const (
	TexProject = 1 // texldp
	TexBias    = 2 // texldb
)

// Error is a problem in a program's text or tokens, positioned by line
// (text) or token offset (bytecode).
func errorAt(file string, line int, format string, args ...any) *ir.Error {
	return &ir.Error{Pos: ir.Pos{File: file, Line: line, Col: 1}, Msg: fmt.Sprintf(format, args...)}
}
