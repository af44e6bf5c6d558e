package d3d9

import (
	"math"
	"strconv"
	"strings"
	"sync"

	"github.com/shpack/shpack/ir"
)

// Parsing assembly text. The dialects read are those of fxc's /Fc
// listings, vkd3d's disassembler and MojoShader's: one instruction a line;
// "//" and ";" start comments; the version line (vs_3_0, ps_3_0) comes
// first; "end" may close the program. Names and registers are read
// without regard to case. Operands:
//
//	r0.xy  -c1.x  r2_abs.yzw  1-r0  !p0  c[a0.x + 4]  c4[a0.x]  o[aL + 1]
//
// def takes "def c0, 1, 2, 3, 4" or vkd3d's "def c0 = 1, 2, 3, 4". Every
// error is positioned at its line and column; the whole text is read, and
// up to maxErrors errors are reported.

const maxErrors = 20

// maxLines bounds the text a parse accepts.
const maxLines = 1 << 20

type parser struct {
	file string
	p    *Program
	errs ir.ErrorList
	line int
	cols []int // the column of each instruction of p, for errors found later
}

// add appends an instruction read at col.
func (ps *parser) add(in *Inst, col int) {
	ps.p.Insts = append(ps.p.Insts, in)
	ps.cols = append(ps.cols, col)
}

func (ps *parser) errorf(col int, format string, args ...any) {
	if len(ps.errs) < maxErrors {
		ps.errs.Add(ir.Pos{File: ps.file, Line: ps.line, Col: col}, nil, format, args...)
	}
}

// Parse reads assembly text; file names it in errors.
func Parse(file string, src []byte) (*Program, error) {
	ps := &parser{file: file}
	lines := strings.Split(blankBlockComments(string(src)), "\n")
	if len(lines) > maxLines {
		return nil, ir.ErrorList{errorAt(file, 0, "assembly too long (%d lines)", len(lines))}
	}
	ended := false
	for i, raw := range lines {
		ps.line = i + 1
		text := stripComment(raw)
		trimmed := strings.TrimSpace(text)
		if trimmed == "" {
			continue
		}
		col := strings.Index(text, trimmed) + 1
		if ended {
			ps.errorf(col, "text after end: %q", trimmed)
			break
		}
		if ps.p == nil {
			ps.version(trimmed, col)
			continue
		}
		if strings.EqualFold(trimmed, "end") {
			ended = true
			continue
		}
		ps.instruction(trimmed, col)
	}
	if ps.p == nil && len(ps.errs) == 0 {
		ps.line = 1
		ps.errorf(1, "no version line (vs_3_0 or ps_3_0)")
	}
	if len(ps.errs) == 0 {
		// Once every line reads: the blocks nest (flow.go). A line
		// that did not read would make every block after it look
		// unbalanced.
		if pr := ps.p.flow(); pr != nil {
			ps.errs = append(ps.errs, pr.error(file, ps.p, ps.cols))
		}
	}
	if len(ps.errs) > 0 {
		return nil, ps.errs
	}
	return ps.p, nil
}

// blankBlockComments replaces /* ... */ comments with blanks, keeping
// line breaks (and so line and column numbers).
func blankBlockComments(s string) string {
	if !strings.Contains(s, "/*") {
		return s
	}
	b := []byte(s)
	for i := 0; i+1 < len(b); i++ {
		if b[i] == '/' && b[i+1] == '/' { // a line comment: skip to its end
			for i < len(b) && b[i] != '\n' {
				i++
			}
			continue
		}
		if b[i] != '/' || b[i+1] != '*' {
			continue
		}
		j := i
		for ; j < len(b); j++ {
			if j+1 < len(b) && b[j] == '*' && b[j+1] == '/' && j > i+1 {
				b[j], b[j+1] = ' ', ' '
				break
			}
			if b[j] != '\n' {
				b[j] = ' '
			}
		}
		i = j
	}
	return string(b)
}

func stripComment(s string) string {
	if i := strings.Index(s, "//"); i >= 0 {
		s = s[:i]
	}
	if i := strings.IndexByte(s, ';'); i >= 0 {
		s = s[:i]
	}
	return strings.TrimRight(s, "\r")
}

// version reads "vs_3_0", "ps_2_x", "vs.3.0".
func (ps *parser) version(s string, col int) {
	v := strings.ToLower(strings.Fields(s)[0])
	v = strings.ReplaceAll(v, ".", "_")
	p := &Program{}
	switch {
	case strings.HasPrefix(v, "vs_"):
		p.Stage = ir.Vertex
	case strings.HasPrefix(v, "ps_"):
		p.Stage = ir.Pixel
	default:
		ps.errorf(col, "expected a version line (vs_3_0 or ps_3_0), found %q", s)
		ps.p = &Program{Major: 3} // read on, to report more
		return
	}
	parts := strings.Split(v[3:], "_")
	if len(parts) != 2 || len(parts[0]) != 1 || parts[0][0] < '1' || parts[0][0] > '3' {
		parts = []string{"0", ""} // no version of Direct3D 9's: said below
	}
	p.Major = int(parts[0][0] - '0')
	switch parts[1] {
	case "x", "a", "b":
		// The 2_x profiles (vs_2_a, ps_2_a, ps_2_b: 2.1); no other model
		// has them, nor a vertex shader a 2_b.
		p.Minor = -1
		if p.Major == 2 && (parts[1] != "b" || p.Stage == ir.Pixel) {
			p.Minor = 1
		}
	case "sw":
		p.Minor = MinorSoftware
	default:
		n, err := strconv.Atoi(parts[1])
		if err != nil || n < 0 || n > 4 || len(parts[1]) != 1 {
			n = -1
		}
		p.Minor = n
	}
	if !p.validVersion() {
		ps.errorf(col, "unknown version %q: Direct3D 9's are vs_1_1, vs_2_0, vs_2_x, vs_3_0, ps_1_1 to ps_1_4, ps_2_0, ps_2_x, ps_3_0 (and the _sw ones of Shader Model 2 and 3)", strings.Fields(s)[0])
		p.Major, p.Minor = 3, 0 // read on, to report more
	}
	p.Line, p.Col = ps.line, col
	ps.p = p
	if rest := strings.TrimSpace(s[len(strings.Fields(s)[0]):]); rest != "" {
		ps.errorf(col+len(strings.Fields(s)[0])+1, "unexpected %q after the version", rest)
	}
}

// cmpByName maps comparison suffixes to their codes.
var cmpByName = map[string]uint8{"gt": CmpGT, "eq": CmpEQ, "ge": CmpGE, "lt": CmpLT, "ne": CmpNE, "le": CmpLE}

// opByName maps instruction names (without suffixes) to opcodes.
var opByName = sync.OnceValue(func() map[string]Opcode {
	m := map[string]Opcode{}
	for op, info := range opTable() {
		if op == OpIfc || op == OpBreakc {
			continue
		}
		m[info.name] = op
	}
	m["texldp"], m["texldb"], m["tex"] = OpTex, OpTex, OpTex
	return m
})

// instruction reads one instruction line.
func (ps *parser) instruction(s string, col int) {
	in := &Inst{Line: ps.line}
	if strings.HasPrefix(s, "+") {
		in.Coissue = true
		s, col = strings.TrimSpace(s[1:]), col+1
	}
	if strings.HasPrefix(s, "(") {
		end := strings.IndexByte(s, ')')
		if end < 0 {
			ps.errorf(col, "predicate without ')'")
			return
		}
		pred, ok := ps.src(strings.TrimSpace(s[1:end]), col+1)
		if !ok {
			return
		}
		if pred.Type != RegPredicate {
			ps.errorf(col+1, "a predicate is p0, not %s", ps.p.RegName(pred.Type, pred.Num))
			return
		}
		in.Pred = &pred
		rest := s[end+1:]
		col += end + 1 + len(rest) - len(strings.TrimLeft(rest, " \t"))
		s = strings.TrimSpace(rest)
	}
	name, args := s, ""
	if i := strings.IndexAny(s, " \t"); i >= 0 {
		name, args = s[:i], strings.TrimSpace(s[i:])
	}
	argCol := col + len(s) - len(args)
	lname := strings.ToLower(name)
	parts := strings.Split(lname, "_")
	if parts[0] == "dcl" {
		ps.dcl(in, parts[1:], args, col, argCol)
		return
	}
	op, ok := opByName()[parts[0]]
	if !ok {
		ps.errorf(col, "unknown instruction %q", name)
		return
	}
	in.Op = op
	switch parts[0] {
	case "texldp":
		in.Control = TexProject
	case "texldb":
		in.Control = TexBias
	}
	var dmods Operand
	for _, suf := range parts[1:] {
		switch {
		case (op == OpIf || op == OpBreak || op == OpSetp) && cmpByName[suf] != 0 && in.Control == 0:
			in.Control = cmpByName[suf]
			switch op {
			case OpIf:
				in.Op = OpIfc
			case OpBreak:
				in.Op = OpBreakc
			}
		case suf == "sat":
			dmods.Sat = true
		case suf == "pp":
			dmods.PP = true
		case suf == "centroid":
			dmods.Cent = true
		case suf == "x2" || suf == "x4" || suf == "x8":
			dmods.Shift = int8(map[string]int{"x2": 1, "x4": 2, "x8": 3}[suf])
		case suf == "d2" || suf == "d4" || suf == "d8":
			dmods.Shift = -int8(map[string]int{"d2": 1, "d4": 2, "d8": 3}[suf])
		default:
			ps.errorf(col, "unknown suffix _%s on %s", suf, parts[0])
			return
		}
	}
	if op == OpSetp && in.Control == 0 {
		ps.errorf(col, "setp needs a comparison (setp_gt, setp_eq, ...)")
		return
	}
	switch op {
	case OpDef, OpDefI, OpDefB:
		ps.def(in, args, col, argCol)
		return
	}
	operands, cols := splitOperands(args, argCol)
	if op.HasDst() {
		if len(operands) == 0 {
			ps.errorf(argCol, "%s needs a destination", name)
			return
		}
		d, ok := ps.dst(operands[0], cols[0])
		if !ok {
			return
		}
		d.Sat, d.PP, d.Cent, d.Shift = dmods.Sat, dmods.PP, dmods.Cent, dmods.Shift
		in.Dst = &d
		operands, cols = operands[1:], cols[1:]
	} else if dmods != (Operand{}) {
		ps.errorf(col, "%s takes no result modifier", parts[0])
		return
	}
	for k, o := range operands {
		s, ok := ps.src(o, cols[k])
		if !ok {
			return
		}
		in.Srcs = append(in.Srcs, s)
	}
	if msg := ps.p.operandProblem(in); msg != "" {
		ps.errorf(col, "%s", msg)
		return
	}
	ps.add(in, col)
}

// splitOperands splits at top-level commas, with each operand's column.
func splitOperands(s string, col int) ([]string, []int) {
	if s == "" {
		return nil, nil
	}
	var out []string
	var cols []int
	depth, start := 0, 0
	for i := 0; i <= len(s); i++ {
		if i < len(s) {
			switch s[i] {
			case '[':
				depth++
			case ']':
				depth--
			}
			if s[i] != ',' || depth != 0 {
				continue
			}
		}
		part := s[start:i]
		lead := len(part) - len(strings.TrimLeft(part, " \t"))
		out = append(out, strings.TrimSpace(part))
		cols = append(cols, col+start+lead)
		start = i + 1
	}
	return out, cols
}

// dcl reads a declaration: dcl_texcoord1_centroid v0.xy, dcl_2d s0, dcl vPos.xy.
func (ps *parser) dcl(in *Inst, parts []string, args string, col, argCol int) {
	in.Op = OpDcl
	var pp, cent, usage bool
	for _, part := range parts {
		switch part {
		case "pp":
			pp = true
			continue
		case "centroid":
			cent = true
			continue
		case "2d":
			in.Sampler = Sampler2D
			continue
		case "cube":
			in.Sampler = SamplerCube
			continue
		case "volume":
			in.Sampler = SamplerVolume
			continue
		}
		if usage {
			ps.errorf(col, "unknown declaration suffix _%s", part)
			return
		}
		name := strings.TrimRight(part, "0123456789")
		u, ok := usageByAsm()[name]
		if !ok {
			ps.errorf(col, "unknown usage %q", part)
			return
		}
		in.Usage, usage = u, true
		if digits := part[len(name):]; digits != "" {
			n, err := strconv.Atoi(digits)
			if err != nil || n > ir.MaxUsageIndex {
				ps.errorf(col, "usage index %s out of range (0..%d)", digits, ir.MaxUsageIndex)
				return
			}
			in.UsageIndex = n
		}
	}
	operands, cols := splitOperands(args, argCol)
	if len(operands) != 1 {
		ps.errorf(argCol, "a declaration takes one register")
		return
	}
	d, ok := ps.dst(operands[0], cols[0])
	if !ok {
		return
	}
	d.PP, d.Cent = pp, cent
	in.Dst = &d
	ps.add(in, col)
}

var usageByAsm = sync.OnceValue(func() map[string]ir.Usage {
	m := map[string]ir.Usage{}
	for u := ir.UsagePosition; u < ir.UsageVPos; u++ {
		m[u.Asm()] = u
	}
	// Other spellings seen in listings.
	m["pointsize"] = ir.UsagePSize
	m["texture"] = ir.UsageTexCoord
	return m
})

// def reads "c0, 1, 2, 3, 4" or "c0 = 1, 2, 3, 4" (and defi, defb).
func (ps *parser) def(in *Inst, args string, instCol, col int) {
	args = strings.Replace(args, "=", ",", 1)
	operands, cols := splitOperands(args, col)
	want := 5
	if in.Op == OpDefB {
		want = 2
	}
	if len(operands) != want {
		ps.errorf(col, "%s takes a register and %d values", in.Op, want-1)
		return
	}
	d, ok := ps.dst(operands[0], cols[0])
	if !ok {
		return
	}
	in.Dst = &d
	for k, v := range operands[1:] {
		switch in.Op {
		case OpDef:
			f, err := strconv.ParseFloat(v, 32)
			if err != nil && !isRangeErr(err) {
				ps.errorf(cols[k+1], "%q is not a number", v)
				return
			}
			in.Def[k] = math.Float32bits(float32(f))
		case OpDefI:
			n, err := strconv.ParseInt(v, 10, 32)
			if err != nil {
				ps.errorf(cols[k+1], "%q is not a 32-bit integer", v)
				return
			}
			in.Def[k] = uint32(int32(n))
		default:
			switch strings.ToLower(v) {
			case "true", "1":
				in.Def[0] = 1
			case "false", "0":
			default:
				ps.errorf(cols[k+1], "%q is not true or false", v)
				return
			}
		}
	}
	ps.add(in, instCol)
}

func isRangeErr(err error) bool {
	ne, ok := err.(*strconv.NumError)
	return ok && ne.Err == strconv.ErrRange
}

// dst reads a destination: register, optional mask.
func (ps *parser) dst(s string, col int) (Operand, bool) {
	reg, rest, ok := ps.register(s, col)
	if !ok {
		return Operand{}, false
	}
	reg.Mask = ir.MaskXYZW
	if rest != "" {
		if rest[0] != '.' {
			ps.errorf(col, "unexpected %q after %s", rest, s[:len(s)-len(rest)])
			return Operand{}, false
		}
		m, ok := parseMask(rest[1:])
		if !ok {
			ps.errorf(col, "bad write mask .%s (components in order: x, y, z, w)", rest[1:])
			return Operand{}, false
		}
		reg.Mask = m
	}
	return reg, true
}

func parseMask(s string) (ir.Mask, bool) {
	if s == "" || len(s) > 4 {
		return 0, false
	}
	var m ir.Mask
	last := -1
	for _, c := range strings.ToLower(s) {
		k := strings.IndexRune("xyzw", c)
		if k < 0 {
			k = strings.IndexRune("rgba", c)
		}
		if k <= last {
			return 0, false
		}
		m |= 1 << k
		last = k
	}
	return m, true
}

// src reads a source: modifiers, register, swizzle.
func (ps *parser) src(s string, col int) (Operand, bool) {
	mod := ModNone
	switch {
	case strings.HasPrefix(s, "1-"):
		mod, s, col = ModComp, strings.TrimSpace(s[2:]), col+2
	case strings.HasPrefix(s, "-"):
		mod, s, col = ModNeg, strings.TrimSpace(s[1:]), col+1
	case strings.HasPrefix(s, "!"):
		mod, s, col = ModNot, strings.TrimSpace(s[1:]), col+1
	}
	reg, rest, ok := ps.register(s, col)
	if !ok {
		return Operand{}, false
	}
	reg.Swizzle = Identity
	suffix := ""
	// A modifier suffix may come before or after the swizzle: r0_abs.x, r0.x_abs.
	take := func() {
		if strings.HasPrefix(rest, "_") {
			end := strings.IndexByte(rest, '.')
			if end < 0 {
				end = len(rest)
			}
			suffix, rest = rest[1:end], rest[end:]
		}
	}
	take()
	if strings.HasPrefix(rest, ".") {
		sw := rest[1:]
		if i := strings.IndexByte(sw, '_'); i >= 0 {
			sw, rest = sw[:i], sw[i:]
		} else {
			rest = ""
		}
		v, ok := parseSwizzle(sw)
		if !ok {
			ps.errorf(col, "bad swizzle .%s", sw)
			return Operand{}, false
		}
		reg.Swizzle = v
	}
	take()
	if rest != "" {
		ps.errorf(col, "unexpected %q in %s", rest, s)
		return Operand{}, false
	}
	switch suffix {
	case "":
	case "abs":
		mod = map[SrcMod]SrcMod{ModNone: ModAbs, ModNeg: ModAbsNeg}[mod]
	case "bias":
		mod = map[SrcMod]SrcMod{ModNone: ModBias, ModNeg: ModBiasNeg}[mod]
	case "bx2":
		mod = map[SrcMod]SrcMod{ModNone: ModSign, ModNeg: ModSignNeg}[mod]
	case "x2":
		mod = map[SrcMod]SrcMod{ModNone: ModX2, ModNeg: ModX2Neg}[mod]
	case "dz":
		mod = map[SrcMod]SrcMod{ModNone: ModDz}[mod]
	case "dw":
		mod = map[SrcMod]SrcMod{ModNone: ModDw}[mod]
	default:
		ps.errorf(col, "unknown source modifier _%s", suffix)
		return Operand{}, false
	}
	if mod == ModNone && suffix != "" {
		ps.errorf(col, "modifiers that do not combine in %s", s)
		return Operand{}, false
	}
	reg.Mod = mod
	return reg, true
}

func parseSwizzle(s string) ([4]uint8, bool) {
	if s == "" || len(s) > 4 {
		return [4]uint8{}, false
	}
	var v [4]uint8
	for i := range 4 {
		c := s[min(i, len(s)-1)] | 0x20
		k := strings.IndexByte("xyzw", c)
		if k < 0 {
			k = strings.IndexByte("rgba", c)
		}
		if k < 0 {
			return [4]uint8{}, false
		}
		v[i] = uint8(k)
	}
	return v, true
}

// regNames are the register names, longest first for prefix matching.
var regNames = []struct {
	name string
	typ  RegType
	num  int // fixed number for named registers, -1 when a number follows
}{
	{"odepth", RegDepthOut, 0}, {"opos", RegRastOut, 0}, {"ofog", RegRastOut, 1}, {"opts", RegRastOut, 2},
	{"vpos", RegMisc, 0}, {"vface", RegMisc, 1}, {"al", RegLoop, 0},
	{"oc", RegColorOut, -1}, {"od", RegAttrOut, -1}, {"ot", RegOutput, -1},
	{"r", RegTemp, -1}, {"v", RegInput, -1}, {"c", RegConst, -1}, {"a", RegAddr, -1}, {"t", RegTexture, -1},
	{"i", RegConstInt, -1}, {"b", RegConstBool, -1}, {"s", RegSampler, -1}, {"o", RegOutput, -1},
	{"p", RegPredicate, -1}, {"l", RegLabel, -1},
}

// register reads a register with an optional relative address and returns
// what follows it.
func (ps *parser) register(s string, col int) (Operand, string, bool) {
	low := strings.ToLower(s)
	for _, rn := range regNames {
		if !strings.HasPrefix(low, rn.name) {
			continue
		}
		rest := s[len(rn.name):]
		o := Operand{Type: rn.typ, Num: rn.num}
		if rn.num < 0 {
			digits := len(rest) - len(strings.TrimLeft(rest, "0123456789"))
			if digits > 0 {
				n, err := strconv.Atoi(rest[:digits])
				if err != nil || n > 0x7FF {
					ps.errorf(col, "register number %s out of range", rest[:digits])
					return Operand{}, "", false
				}
				o.Num, rest = n, rest[digits:]
			} else if !strings.HasPrefix(rest, "[") {
				continue // a longer name that merely starts like this one
			} else {
				o.Num = 0
			}
		}
		if ps.p.Stage == ir.Vertex && o.Type == RegTexture && rn.name == "t" {
			ps.errorf(col, "t%d is a pixel shader register", o.Num)
			return Operand{}, "", false
		}
		if ps.p.Stage == ir.Pixel && rn.name == "a" {
			ps.errorf(col, "a%d is a vertex shader register", o.Num)
			return Operand{}, "", false
		}
		if o.Type == RegConst && o.Num >= 2048 {
			// c2048 and up are the register types CONST2..CONST4.
			k := o.Num / 2048
			if k > 3 {
				ps.errorf(col, "constant register c%d out of range", o.Num)
				return Operand{}, "", false
			}
			o.Type, o.Num = RegConst2+RegType(k-1), o.Num%2048
		}
		if strings.HasPrefix(rest, "[") {
			end := strings.IndexByte(rest, ']')
			if end < 0 {
				ps.errorf(col, "'[' without ']'")
				return Operand{}, "", false
			}
			if !ps.relative(&o, rest[1:end], col) {
				return Operand{}, "", false
			}
			rest = rest[end+1:]
		}
		return o, rest, true
	}
	ps.errorf(col, "unknown register %q", s)
	return Operand{}, "", false
}

// relative reads "a0.x + 4", "aL", "4 + a0.x" inside brackets.
func (ps *parser) relative(o *Operand, s string, col int) bool {
	for _, term := range strings.Split(s, "+") {
		term = strings.TrimSpace(term)
		if n, err := strconv.Atoi(term); err == nil {
			if n < 0 || n > 0x7FF {
				ps.errorf(col, "offset %d out of range", n)
				return false
			}
			o.Num += n
			continue
		}
		r, rest, ok := ps.register(term, col)
		if !ok {
			return false
		}
		if r.Type != RegAddr && r.Type != RegLoop {
			ps.errorf(col, "a relative address is a0 or aL, not %s", term)
			return false
		}
		r.Swizzle = Identity
		if rest != "" {
			if rest[0] != '.' || len(rest) != 2 {
				ps.errorf(col, "a relative address reads one component (a0.x)")
				return false
			}
			sw, ok := parseSwizzle(rest[1:])
			if !ok {
				ps.errorf(col, "bad component %s", rest)
				return false
			}
			r.Swizzle = sw
		}
		if o.Rel != nil {
			ps.errorf(col, "two relative addresses")
			return false
		}
		o.Rel = &r
	}
	if o.Rel == nil {
		ps.errorf(col, "brackets without a0 or aL")
		return false
	}
	return true
}
