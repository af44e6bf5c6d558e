package d3d9

import "sync"

// Opcode is a shader instruction opcode (D3DSHADER_INSTRUCTION_OPCODE_TYPE).
type Opcode uint16

// The opcodes the package reads.
const (
	OpNop        Opcode = 0
	OpMov        Opcode = 1
	OpAdd        Opcode = 2
	OpSub        Opcode = 3
	OpMad        Opcode = 4
	OpMul        Opcode = 5
	OpRcp        Opcode = 6
	OpRsq        Opcode = 7
	OpDp3        Opcode = 8
	OpDp4        Opcode = 9
	OpMin        Opcode = 10
	OpMax        Opcode = 11
	OpSlt        Opcode = 12
	OpSge        Opcode = 13
	OpExp        Opcode = 14
	OpLog        Opcode = 15
	OpLit        Opcode = 16
	OpDst        Opcode = 17
	OpLrp        Opcode = 18
	OpFrc        Opcode = 19
	OpM4x4       Opcode = 20
	OpM4x3       Opcode = 21
	OpM3x4       Opcode = 22
	OpM3x3       Opcode = 23
	OpM3x2       Opcode = 24
	OpCall       Opcode = 25
	OpCallNZ     Opcode = 26
	OpLoop       Opcode = 27
	OpRet        Opcode = 28
	OpEndLoop    Opcode = 29
	OpLabel      Opcode = 30
	OpDcl        Opcode = 31
	OpPow        Opcode = 32
	OpCrs        Opcode = 33
	OpSgn        Opcode = 34
	OpAbs        Opcode = 35
	OpNrm        Opcode = 36
	OpSinCos     Opcode = 37
	OpRep        Opcode = 38
	OpEndRep     Opcode = 39
	OpIf         Opcode = 40
	OpIfc        Opcode = 41
	OpElse       Opcode = 42
	OpEndIf      Opcode = 43
	OpBreak      Opcode = 44
	OpBreakc     Opcode = 45
	OpMova       Opcode = 46
	OpDefB       Opcode = 47
	OpDefI       Opcode = 48
	OpTexCoord   Opcode = 64
	OpTexKill    Opcode = 65
	OpTex        Opcode = 66
	OpTexBem     Opcode = 67
	OpTexBemL    Opcode = 68
	OpTexReg2AR  Opcode = 69
	OpTexReg2GB  Opcode = 70
	OpTexM3x2Pad Opcode = 71
	OpTexM3x2Tex Opcode = 72
	OpTexM3x3Pad Opcode = 73
	OpTexM3x3Tex Opcode = 74
	OpTexM3x3Spc Opcode = 76
	OpTexM3x3VSp Opcode = 77
	OpExpP       Opcode = 78
	OpLogP       Opcode = 79
	OpCnd        Opcode = 80
	OpDef        Opcode = 81
	OpTexReg2RGB Opcode = 82
	OpTexDP3Tex  Opcode = 83
	OpTexM3x2Dep Opcode = 84
	OpTexDP3     Opcode = 85
	OpTexM3x3    Opcode = 86
	OpTexDepth   Opcode = 87
	OpCmp        Opcode = 88
	OpBem        Opcode = 89
	OpDp2Add     Opcode = 90
	OpDsx        Opcode = 91
	OpDsy        Opcode = 92
	OpTexLdd     Opcode = 93
	OpSetp       Opcode = 94
	OpTexLdl     Opcode = 95
	OpBreakp     Opcode = 96
	OpPhase      Opcode = 0xFFFD
	OpComment    Opcode = 0xFFFE
	OpEnd        Opcode = 0xFFFF
)

// Kind says how an instruction's destination components relate to its
// sources, which decides how a transform may move its destination.
type Kind uint8

// The kinds.
const (
	// KindComponent: destination component k is computed from component k
	// of every source's swizzle (mov, add, mad, cmp, ...). Moving the
	// destination's components means moving the swizzles with them.
	KindComponent Kind = iota
	// KindScalar: one value written to every destination component (dp3,
	// dp4, rcp, pow, ...); the sources do not depend on which components
	// are written.
	KindScalar
	// KindFixed: the components written follow a fixed pattern (m4x4,
	// nrm, sincos, lit, dst, crs, texld, ...): a moved destination needs a
	// temporary and a mov.
	KindFixed
	// KindNone: no destination (flow control, declarations).
	KindNone
)

// opInfo describes an opcode: its name, whether it has a destination, its
// number of sources (in Shader Model 3), and its kind.
type opInfo struct {
	name string
	dst  bool
	srcs int
	kind Kind
}

// opTable returns the instruction table, built on first use: a map literal
// is built when the package is initialized otherwise, on every start of
// every shpack run, most of which never read a program.
var opTable = sync.OnceValue(func() map[Opcode]opInfo {
	return map[Opcode]opInfo{
		OpNop: {"nop", false, 0, KindNone}, OpMov: {"mov", true, 1, KindComponent},
		OpAdd: {"add", true, 2, KindComponent}, OpSub: {"sub", true, 2, KindComponent},
		OpMad: {"mad", true, 3, KindComponent}, OpMul: {"mul", true, 2, KindComponent},
		OpRcp: {"rcp", true, 1, KindScalar}, OpRsq: {"rsq", true, 1, KindScalar},
		OpDp3: {"dp3", true, 2, KindScalar}, OpDp4: {"dp4", true, 2, KindScalar},
		OpMin: {"min", true, 2, KindComponent}, OpMax: {"max", true, 2, KindComponent},
		OpSlt: {"slt", true, 2, KindComponent}, OpSge: {"sge", true, 2, KindComponent},
		OpExp: {"exp", true, 1, KindScalar}, OpLog: {"log", true, 1, KindScalar},
		OpLit: {"lit", true, 1, KindFixed}, OpDst: {"dst", true, 2, KindFixed},
		OpLrp: {"lrp", true, 3, KindComponent}, OpFrc: {"frc", true, 1, KindComponent},
		OpM4x4: {"m4x4", true, 2, KindFixed}, OpM4x3: {"m4x3", true, 2, KindFixed},
		OpM3x4: {"m3x4", true, 2, KindFixed}, OpM3x3: {"m3x3", true, 2, KindFixed},
		OpM3x2: {"m3x2", true, 2, KindFixed}, OpCall: {"call", false, 1, KindNone},
		OpCallNZ: {"callnz", false, 2, KindNone}, OpLoop: {"loop", false, 2, KindNone},
		OpRet: {"ret", false, 0, KindNone}, OpEndLoop: {"endloop", false, 0, KindNone},
		OpLabel: {"label", false, 1, KindNone}, OpDcl: {"dcl", true, 0, KindNone},
		OpPow: {"pow", true, 2, KindScalar}, OpCrs: {"crs", true, 2, KindFixed},
		OpSgn: {"sgn", true, 1, KindComponent}, OpAbs: {"abs", true, 1, KindComponent},
		OpNrm: {"nrm", true, 1, KindFixed}, OpSinCos: {"sincos", true, 1, KindFixed},
		OpRep: {"rep", false, 1, KindNone}, OpEndRep: {"endrep", false, 0, KindNone},
		OpIf: {"if", false, 1, KindNone}, OpIfc: {"if", false, 2, KindNone},
		OpElse: {"else", false, 0, KindNone}, OpEndIf: {"endif", false, 0, KindNone},
		OpBreak: {"break", false, 0, KindNone}, OpBreakc: {"break", false, 2, KindNone},
		OpMova: {"mova", true, 1, KindComponent}, OpDefB: {"defb", true, 0, KindNone},
		OpDefI: {"defi", true, 0, KindNone}, OpTexCoord: {"texcoord", true, 0, KindFixed},
		OpTexKill: {"texkill", true, 0, KindNone}, OpTex: {"texld", true, 2, KindFixed},
		OpTexBem: {"texbem", true, 1, KindFixed}, OpTexBemL: {"texbeml", true, 1, KindFixed},
		OpTexReg2AR: {"texreg2ar", true, 1, KindFixed}, OpTexReg2GB: {"texreg2gb", true, 1, KindFixed},
		OpTexM3x2Pad: {"texm3x2pad", true, 1, KindFixed}, OpTexM3x2Tex: {"texm3x2tex", true, 1, KindFixed},
		OpTexM3x3Pad: {"texm3x3pad", true, 1, KindFixed}, OpTexM3x3Tex: {"texm3x3tex", true, 1, KindFixed},
		OpTexM3x3Spc: {"texm3x3spec", true, 2, KindFixed}, OpTexM3x3VSp: {"texm3x3vspec", true, 1, KindFixed},
		OpExpP: {"expp", true, 1, KindScalar}, OpLogP: {"logp", true, 1, KindScalar},
		OpCnd: {"cnd", true, 3, KindComponent}, OpDef: {"def", true, 0, KindNone},
		OpTexReg2RGB: {"texreg2rgb", true, 1, KindFixed}, OpTexDP3Tex: {"texdp3tex", true, 1, KindFixed},
		OpTexM3x2Dep: {"texm3x2depth", true, 1, KindFixed}, OpTexDP3: {"texdp3", true, 1, KindFixed},
		OpTexM3x3: {"texm3x3", true, 1, KindFixed}, OpTexDepth: {"texdepth", true, 0, KindFixed},
		OpCmp: {"cmp", true, 3, KindComponent}, OpBem: {"bem", true, 2, KindFixed},
		OpDp2Add: {"dp2add", true, 3, KindScalar}, OpDsx: {"dsx", true, 1, KindComponent},
		OpDsy: {"dsy", true, 1, KindComponent}, OpTexLdd: {"texldd", true, 4, KindFixed},
		OpSetp: {"setp", true, 2, KindComponent}, OpTexLdl: {"texldl", true, 2, KindFixed},
		OpBreakp: {"breakp", false, 1, KindNone}, OpPhase: {"phase", false, 0, KindNone},
	}
})

// Kind returns how the opcode's destination relates to its sources.
func (op Opcode) Kind() Kind { return opTable()[op].kind }

// Known reports whether the opcode is in the table.
func (op Opcode) Known() bool { _, ok := opTable()[op]; return ok }

// HasDst reports whether instructions of op have a destination operand.
func (op Opcode) HasDst() bool { return opTable()[op].dst }

// NumSrcs is the number of source operands of op in Shader Model 3.
func (op Opcode) NumSrcs() int { return opTable()[op].srcs }

// String returns the opcode's assembly name without variant suffixes.
func (op Opcode) String() string {
	if i, ok := opTable()[op]; ok {
		return i.name
	}
	return "op" + itoa(int(op))
}

// IsDecl reports whether op declares (dcl, def, defi, defb) rather than
// computes.
func (op Opcode) IsDecl() bool {
	return op == OpDcl || op == OpDef || op == OpDefI || op == OpDefB
}

// RegType is a register file (D3DSHADER_PARAM_REGISTER_TYPE).
type RegType uint8

// The register types.
const (
	RegTemp      RegType = 0  // r#
	RegInput     RegType = 1  // v#
	RegConst     RegType = 2  // c#
	RegAddr      RegType = 3  // a0 (vs), t# (ps: RegTexture)
	RegRastOut   RegType = 4  // oPos, oFog, oPts
	RegAttrOut   RegType = 5  // oD#
	RegOutput    RegType = 6  // o# (vs_3_0), oT# before
	RegConstInt  RegType = 7  // i#
	RegColorOut  RegType = 8  // oC#
	RegDepthOut  RegType = 9  // oDepth
	RegSampler   RegType = 10 // s#
	RegConst2    RegType = 11
	RegConst3    RegType = 12
	RegConst4    RegType = 13
	RegConstBool RegType = 14 // b#
	RegLoop      RegType = 15 // aL
	RegTempF16   RegType = 16
	RegMisc      RegType = 17 // vPos (0), vFace (1)
	RegLabel     RegType = 18 // l#
	RegPredicate RegType = 19 // p0
)

// RegTexture is register type 3 in a pixel shader: t#.
const RegTexture = RegAddr

func itoa(n int) string {
	if n < 0 {
		return "-" + itoa(-n)
	}
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
