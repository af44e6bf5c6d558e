package d3d9

import (
	"fmt"
	"io"
	"math"
	"strconv"
	"strings"

	"github.com/shpack/shpack/ir"
)

// Printing assembly text in the syntax of fxc's listings, which
// MojoShader's assembler reads: one instruction a line, the destination
// mask written only when it is not .xyzw, a swizzle only when it is not
// .xyzw (one letter when it replicates one component), def values as
// shortest decimal floats.

// Print writes the program as assembly text.
func Print(w io.Writer, p *Program) error {
	var b strings.Builder
	b.WriteString(p.Profile())
	b.WriteByte('\n')
	for _, in := range p.Insts {
		b.WriteString(p.InstString(in))
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// InstString spells one instruction.
func (p *Program) InstString(in *Inst) string {
	var b strings.Builder
	if in.Coissue {
		b.WriteByte('+')
	}
	if in.Pred != nil {
		b.WriteByte('(')
		b.WriteString(p.SrcString(*in.Pred))
		b.WriteString(") ")
	}
	switch in.Op {
	case OpDcl:
		b.WriteString(p.dclName(in))
		b.WriteByte(' ')
		d := *in.Dst
		d.Sat, d.PP, d.Cent = false, false, false
		b.WriteString(p.DstString(d))
		return b.String()
	case OpDef:
		fmt.Fprintf(&b, "def %s", p.DstString(*in.Dst))
		for _, v := range in.Def {
			b.WriteString(", ")
			b.WriteString(formatFloat(math.Float32frombits(v)))
		}
		return b.String()
	case OpDefI:
		fmt.Fprintf(&b, "defi %s", p.DstString(*in.Dst))
		for _, v := range in.Def {
			fmt.Fprintf(&b, ", %d", int32(v))
		}
		return b.String()
	case OpDefB:
		fmt.Fprintf(&b, "defb %s, %t", p.DstString(*in.Dst), in.Def[0] != 0)
		return b.String()
	}
	b.WriteString(p.opName(in))
	var ops []string
	if in.Dst != nil {
		ops = append(ops, p.DstString(*in.Dst))
	}
	for _, s := range in.Srcs {
		ops = append(ops, p.SrcString(s))
	}
	if len(ops) > 0 {
		b.WriteByte(' ')
		b.WriteString(strings.Join(ops, ", "))
	}
	return b.String()
}

// opName is the instruction's name with its variant and result modifiers.
func (p *Program) opName(in *Inst) string {
	name := in.Op.String()
	switch in.Op {
	case OpIfc, OpBreakc, OpSetp:
		if int(in.Control) < len(cmpNames) && in.Control > 0 {
			name += "_" + cmpNames[in.Control]
		}
	case OpTex:
		switch {
		case p.Major < 2 && p.Stage == ir.Pixel && p.Minor < 4:
			name = "tex"
		case in.Control&TexProject != 0:
			name = "texldp"
		case in.Control&TexBias != 0:
			name = "texldb"
		}
	}
	if d := in.Dst; d != nil {
		switch d.Shift {
		case 1, 2, 3:
			name += "_x" + itoa(1<<d.Shift)
		case -1, -2, -3:
			name += "_d" + itoa(1<<-d.Shift)
		}
		if d.Sat {
			name += "_sat"
		}
		if d.PP {
			name += "_pp"
		}
		if d.Cent {
			name += "_centroid"
		}
	}
	return name
}

// dclName spells a declaration: dcl_texcoord1, dcl_2d, dcl.
func (p *Program) dclName(in *Inst) string {
	d := in.Dst
	name := "dcl"
	switch {
	case d.Type == RegSampler:
		switch in.Sampler {
		case Sampler2D:
			name += "_2d"
		case SamplerCube:
			name += "_cube"
		case SamplerVolume:
			name += "_volume"
		}
	case d.Type == RegMisc, p.Stage == ir.Pixel && p.Major < 3:
		// vPos, vFace and ps_2_x's v#/t# take no usage.
	default:
		name += "_" + in.Usage.Asm()
		if in.UsageIndex != 0 {
			name += strconv.Itoa(in.UsageIndex)
		}
	}
	if d.PP {
		name += "_pp"
	}
	if d.Cent {
		name += "_centroid"
	}
	return name
}

// RegName spells a register: "r3", "o1", "oC0", "vPos", "aL".
func (p *Program) RegName(t RegType, num int) string {
	switch t {
	case RegTemp:
		return "r" + itoa(num)
	case RegInput:
		return "v" + itoa(num)
	case RegConst:
		return "c" + itoa(num)
	case RegConst2:
		return "c" + itoa(num+2048)
	case RegConst3:
		return "c" + itoa(num+4096)
	case RegConst4:
		return "c" + itoa(num+6144)
	case RegAddr:
		if p.Stage == ir.Pixel {
			return "t" + itoa(num)
		}
		return "a" + itoa(num)
	case RegRastOut:
		switch num {
		case 0:
			return "oPos"
		case 1:
			return "oFog"
		case 2:
			return "oPts"
		}
	case RegAttrOut:
		return "oD" + itoa(num)
	case RegOutput:
		if p.Major >= 3 {
			return "o" + itoa(num)
		}
		return "oT" + itoa(num)
	case RegConstInt:
		return "i" + itoa(num)
	case RegColorOut:
		return "oC" + itoa(num)
	case RegDepthOut:
		return "oDepth"
	case RegSampler:
		return "s" + itoa(num)
	case RegConstBool:
		return "b" + itoa(num)
	case RegLoop:
		return "aL"
	case RegTempF16:
		return "half" + itoa(num)
	case RegMisc:
		switch num {
		case 0:
			return "vPos"
		case 1:
			return "vFace"
		}
	case RegLabel:
		return "l" + itoa(num)
	case RegPredicate:
		return "p" + itoa(num)
	}
	return fmt.Sprintf("reg%d_%d", t, num)
}

// regString spells a register with its relative address: c[a0.x + 4].
func (p *Program) regString(o Operand) string {
	if o.Rel == nil {
		return p.RegName(o.Type, o.Num)
	}
	base := p.RegName(o.Type, 0)
	base = strings.TrimSuffix(base, "0")
	rel := p.RegName(o.Rel.Type, o.Rel.Num)
	if o.Rel.Type != RegLoop {
		rel += "." + string("xyzw"[o.Rel.Swizzle[0]])
	}
	if o.Num == 0 {
		return fmt.Sprintf("%s[%s]", base, rel)
	}
	return fmt.Sprintf("%s[%s + %d]", base, rel, o.Num)
}

// DstString spells a destination operand (modifiers are on the opcode).
func (p *Program) DstString(o Operand) string {
	s := p.regString(o)
	if o.Mask != ir.MaskXYZW && o.Mask != 0 {
		s += "." + o.Mask.String()
	}
	return s
}

// SwizzleString spells a swizzle: "" for .xyzw, ".x" for .xxxx, else all
// four letters.
func SwizzleString(sw [4]uint8) string {
	if sw == Identity {
		return ""
	}
	if sw[0] == sw[1] && sw[1] == sw[2] && sw[2] == sw[3] {
		return "." + string("xyzw"[sw[0]])
	}
	var b [5]byte
	b[0] = '.'
	for i, c := range sw {
		b[i+1] = "xyzw"[c]
	}
	return string(b[:])
}

// SrcString spells a source operand with its modifier and swizzle.
func (p *Program) SrcString(o Operand) string {
	s := p.regString(o) + SwizzleString(o.Swizzle)
	switch o.Mod {
	case ModNeg:
		return "-" + s
	case ModBias:
		return addSuffix(s, "_bias")
	case ModBiasNeg:
		return "-" + addSuffix(s, "_bias")
	case ModSign:
		return addSuffix(s, "_bx2")
	case ModSignNeg:
		return "-" + addSuffix(s, "_bx2")
	case ModComp:
		return "1-" + s
	case ModX2:
		return addSuffix(s, "_x2")
	case ModX2Neg:
		return "-" + addSuffix(s, "_x2")
	case ModDz:
		return addSuffix(s, "_dz")
	case ModDw:
		return addSuffix(s, "_dw")
	case ModAbs:
		return addSuffix(s, "_abs")
	case ModAbsNeg:
		return "-" + addSuffix(s, "_abs")
	case ModNot:
		return "!" + s
	}
	return s
}

// addSuffix puts a modifier suffix between the register and its swizzle:
// r0_abs.x.
func addSuffix(s, suffix string) string {
	if i := strings.LastIndexByte(s, '.'); i > 0 && !strings.Contains(s[i:], "]") {
		return s[:i] + suffix + s[i:]
	}
	return s + suffix
}

// formatFloat spells a float32 exactly and short: 0.125, -3, 1e+30.
func formatFloat(f float32) string {
	switch {
	case math.IsInf(float64(f), 1):
		return "1e+39" // out of float32 range: reads back as +inf
	case math.IsInf(float64(f), -1):
		return "-1e+39"
	case math.IsNaN(float64(f)):
		return "0" // assembly has no NaN literal
	}
	return strconv.FormatFloat(float64(f), 'g', -1, 32)
}

// AssemblerGaps names what of the program the assemblers of MojoShader and
// Wine cannot read from text (predicated instructions, a destination with
// relative addressing), or "" when they read all of it.
func AssemblerGaps(p *Program) string {
	var pred, rel bool
	for _, in := range p.Insts {
		pred = pred || in.Pred != nil
		rel = rel || in.Dst != nil && in.Dst.Rel != nil
	}
	switch {
	case pred && rel:
		return "predicated instructions and indexed destinations"
	case pred:
		return "predicated instructions"
	case rel:
		return "indexed destinations"
	}
	return ""
}
