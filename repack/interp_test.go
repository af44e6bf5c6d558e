package repack

// The property test: random straight-line vs_3_0/ps_3_0 pairs are repacked,
// both pairs run on a small interpreter and linked the way a runtime links
// them (each pixel input declaration reads the vertex output declared with
// its usage and index), and the pixel shaders must write the same colours.
// It covers what a handful of drawn programs cannot: every mask, swizzle,
// shift and split the packer produces, predicated writes, fixed-pattern
// instructions, registers that already hold several elements.

import (
	"fmt"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"pgregory.net/rapid"

	"github.com/shpack/shpack/d3d9"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/pack"
)

type vec [4]float64

// machine is the state of one run.
type machine struct {
	regs map[[2]int]vec // (register type, number) -> value
	pred vec
}

func newMachine() *machine { return &machine{regs: map[[2]int]vec{}} }

func (m *machine) get(t d3d9.RegType, n int) vec {
	v, ok := m.regs[[2]int{int(t), n}]
	if !ok {
		return vec{math.NaN(), math.NaN(), math.NaN(), math.NaN()}
	}
	return v
}

func (m *machine) src(o d3d9.Operand) vec {
	r := m.get(o.Type, o.Num)
	if o.Type == d3d9.RegPredicate {
		r = m.pred
	}
	var v vec
	for k := range 4 {
		v[k] = r[o.Swizzle[k]]
		switch o.Mod {
		case d3d9.ModNeg:
			v[k] = -v[k]
		case d3d9.ModAbs:
			v[k] = math.Abs(v[k])
		case d3d9.ModAbsNeg:
			v[k] = -math.Abs(v[k])
		}
	}
	return v
}

func dot(a, b vec, n int) float64 {
	s := 0.0
	for k := range n {
		s += a[k] * b[k]
	}
	return s
}

// run executes a straight-line program (no flow control: the drawn tests
// cover it) on m.
func run(t *testing.T, p *d3d9.Program, m *machine) {
	for _, in := range p.Insts {
		if in.Op == d3d9.OpDef {
			var v vec
			for k := range 4 {
				v[k] = float64(math.Float32frombits(in.Def[k]))
			}
			m.regs[[2]int{int(in.Dst.Type), in.Dst.Num}] = v
			continue
		}
		if in.Op.IsDecl() || in.Dst == nil {
			continue
		}
		s := make([]vec, len(in.Srcs))
		for k, o := range in.Srcs {
			s[k] = m.src(o)
		}
		var r vec
		switch in.Op {
		case d3d9.OpMov:
			r = s[0]
		case d3d9.OpAdd, d3d9.OpMul, d3d9.OpMad, d3d9.OpMin, d3d9.OpMax, d3d9.OpSlt, d3d9.OpSge, d3d9.OpLrp:
			for k := range 4 {
				a, b := s[0][k], s[1][k]
				switch in.Op {
				case d3d9.OpAdd:
					r[k] = a + b
				case d3d9.OpMul:
					r[k] = a * b
				case d3d9.OpMad:
					r[k] = a*b + s[2][k]
				case d3d9.OpMin:
					r[k] = math.Min(a, b)
				case d3d9.OpMax:
					r[k] = math.Max(a, b)
				case d3d9.OpSlt:
					r[k] = b2f(a < b)
				case d3d9.OpSge:
					r[k] = b2f(a >= b)
				case d3d9.OpLrp:
					r[k] = a*(b-s[2][k]) + s[2][k]
				}
			}
		case d3d9.OpRcp:
			r = splat(1 / s[0][0])
		case d3d9.OpDp3:
			r = splat(dot(s[0], s[1], 3))
		case d3d9.OpDp4:
			r = splat(dot(s[0], s[1], 4))
		case d3d9.OpM3x3, d3d9.OpM4x4:
			n := 3
			if in.Op == d3d9.OpM4x4 {
				n = 4
			}
			for k := range n {
				row := in.Srcs[1]
				row.Num += k
				r[k] = dot(s[0], m.src(row), n)
			}
		case d3d9.OpCrs:
			a, b := s[0], s[1]
			r = vec{a[1]*b[2] - a[2]*b[1], a[2]*b[0] - a[0]*b[2], a[0]*b[1] - a[1]*b[0]}
		case d3d9.OpNrm:
			l := 1 / math.Sqrt(dot(s[0], s[0], 3))
			r = vec{s[0][0] * l, s[0][1] * l, s[0][2] * l, s[0][3] * l}
		case d3d9.OpLit:
			r = vec{1, 0, 0, 1}
			if s[0][0] > 0 {
				r[1] = s[0][0]
				if s[0][1] > 0 {
					r[2] = math.Pow(s[0][1], s[0][3])
				}
			}
		case d3d9.OpSinCos:
			r = vec{math.Cos(s[0][3]), math.Sin(s[0][3])}
		case d3d9.OpSetp:
			for k := range 4 {
				r[k] = b2f(s[0][k] > s[1][k])
			}
			for k := range 4 {
				if in.Dst.Mask&(1<<k) != 0 {
					m.pred[k] = r[k]
				}
			}
			continue
		default:
			t.Fatalf("the interpreter does not run %s", p.InstString(in))
		}
		var pred vec
		if in.Pred != nil {
			pred = m.src(*in.Pred)
			if in.Pred.Mod == d3d9.ModNot {
				for k := range 4 {
					pred[k] = 1 - pred[k]
				}
			}
		}
		key := [2]int{int(in.Dst.Type), in.Dst.Num}
		old := m.get(in.Dst.Type, in.Dst.Num)
		for k := range 4 {
			if in.Dst.Mask&(1<<k) == 0 || in.Pred != nil && pred[k] == 0 {
				continue
			}
			v := r[k]
			if in.Dst.Sat {
				v = math.Min(1, math.Max(0, v))
			}
			old[k] = v
		}
		m.regs[key] = old
	}
}

func b2f(b bool) float64 {
	if b {
		return 1
	}
	return 0
}

func splat(f float64) vec { return vec{f, f, f, f} }

// link gives a pixel shader machine its inputs from a vertex shader run:
// each input declaration reads, at its mask, the output declared with the
// same usage and index.
func link(t *testing.T, vs, ps *d3d9.Program, vm *machine) *machine {
	type sem struct {
		u ir.Usage
		i int
	}
	outs := map[sem]int{}
	for _, in := range vs.Insts {
		if in.Op == d3d9.OpDcl && in.Dst.Type == d3d9.RegOutput {
			outs[sem{in.Usage, in.UsageIndex}] = in.Dst.Num
		}
	}
	pm := newMachine()
	for _, in := range ps.Insts {
		if in.Op != d3d9.OpDcl || in.Dst.Type != d3d9.RegInput {
			continue
		}
		o, ok := outs[sem{in.Usage, in.UsageIndex}]
		require.True(t, ok, "the pixel input %s%d is not a vertex output", in.Usage, in.UsageIndex)
		from := vm.get(d3d9.RegOutput, o)
		to := pm.get(d3d9.RegInput, in.Dst.Num)
		for k := range 4 {
			if in.Dst.Mask&(1<<k) != 0 {
				to[k] = from[k]
			}
		}
		pm.regs[[2]int{int(d3d9.RegInput), in.Dst.Num}] = to
	}
	return pm
}

// drawPair runs the pair on the vertex inputs and constants given and
// returns the pixel shader's colours.
func drawPair(t *testing.T, vs, ps *d3d9.Program, inputs, consts []vec) [4]vec {
	vm := newMachine()
	// What runtimes give components no declaration covers: 0, w 1. A
	// declared component a predicated write left alone is undefined (NaN).
	for r := range 12 {
		vm.regs[[2]int{int(d3d9.RegOutput), r}] = vec{0, 0, 0, 1}
	}
	for _, in := range vs.Insts {
		if in.Op == d3d9.OpDcl && in.Dst.Type == d3d9.RegOutput {
			key := [2]int{int(d3d9.RegOutput), in.Dst.Num}
			v := vm.regs[key]
			for k := range 4 {
				if in.Dst.Mask&(1<<k) != 0 {
					v[k] = math.NaN()
				}
			}
			vm.regs[key] = v
		}
	}
	for i, v := range inputs {
		vm.regs[[2]int{int(d3d9.RegInput), i}] = v
	}
	for i, v := range consts {
		vm.regs[[2]int{int(d3d9.RegConst), i}] = v
	}
	run(t, vs, vm)
	pm := link(t, vs, ps, vm)
	for i, v := range consts {
		pm.regs[[2]int{int(d3d9.RegConst), i}] = v
	}
	run(t, ps, pm)
	var out [4]vec
	for i := range out {
		out[i] = pm.get(d3d9.RegColorOut, i)
	}
	return out
}

func sameVec(a, b vec) bool {
	for k := range 4 {
		if a[k] != b[k] && !(math.IsNaN(a[k]) && math.IsNaN(b[k])) {
			return false
		}
	}
	return true
}

// element is one generated vertex output.
type element struct {
	reg, first, n int
}

func (e element) mask() string { return "xyzw"[e.first : e.first+e.n] }

// semName names element i: TEXCOORD0..15, then NORMAL0...
func semName(i int) string {
	if i < 16 {
		return fmt.Sprintf("texcoord%d", i)
	}
	return fmt.Sprintf("normal%d", i-16)
}

func swz(t *rapid.T, label string, within string) string {
	var b strings.Builder
	for k := range 4 {
		b.WriteByte(within[rapid.IntRange(0, len(within)-1).Draw(t, fmt.Sprintf("%s%d", label, k))])
	}
	return b.String()
}

// genPair writes a random pair: outputs of every width at any letters,
// some registers holding two elements, written by every kind of
// instruction, some predicated; the pixel shader reads every element,
// one element per source, and writes four colours.
func genPair(t *rapid.T) (vs, ps string) {
	var elems []element
	nregs := rapid.IntRange(1, 11).Draw(t, "regs")
	for r := 1; r <= nregs; r++ {
		first := rapid.IntRange(0, 3).Draw(t, "first")
		n := rapid.IntRange(1, 4-first).Draw(t, "n")
		elems = append(elems, element{r, first, n})
		if first+n <= 2 && rapid.Bool().Draw(t, "second") {
			f2 := rapid.IntRange(first+n, 3).Draw(t, "first2")
			elems = append(elems, element{r, f2, rapid.IntRange(1, 4-f2).Draw(t, "n2")})
		}
	}
	var v strings.Builder
	v.WriteString("vs_3_0\ndcl_position v0\ndcl_texcoord v1\ndcl_position o0\n")
	for i, e := range elems {
		fmt.Fprintf(&v, "dcl_%s o%d.%s\n", semName(i), e.reg, e.mask())
	}
	v.WriteString("mov o0, v0\nsetp_gt p0, v1, c7\n")
	srcOf := func(label string) string {
		regs := []string{"c0", "c1", "c2", "v0", "v1", "r0", "r1"}
		r := regs[rapid.IntRange(0, len(regs)-1).Draw(t, label)]
		mod := []string{"", "-", "", ""}[rapid.IntRange(0, 3).Draw(t, label+"m")]
		return mod + r + "." + swz(t, label+"s", "xyzw")
	}
	v.WriteString("mov r0, c3\nmov r1, v1\n")
	for i, e := range elems {
		// A write of a part of the element, then the rest.
		parts := []string{e.mask()}
		if e.n > 1 && rapid.Bool().Draw(t, "split") {
			cut := rapid.IntRange(1, e.n-1).Draw(t, "cut")
			parts = []string{e.mask()[:cut], e.mask()[cut:]}
		}
		for _, m := range parts {
			pred := ""
			if rapid.IntRange(0, 4).Draw(t, "pred") == 0 {
				pred = []string{"(p0.x) ", "(!p0.y) ", "(p0) "}[rapid.IntRange(0, 2).Draw(t, "pk")]
			}
			dst := fmt.Sprintf("o%d.%s", e.reg, m)
			sat := []string{"", "_sat"}[rapid.IntRange(0, 1).Draw(t, "sat")]
			switch op := rapid.IntRange(0, 9).Draw(t, fmt.Sprintf("op%d", i)); op {
			case 0:
				fmt.Fprintf(&v, "%smov%s %s, %s\n", pred, sat, dst, srcOf("a"))
			case 1:
				fmt.Fprintf(&v, "%sadd %s, %s, %s\n", pred, dst, srcOf("a"), srcOf("b"))
			case 2:
				fmt.Fprintf(&v, "%smad%s %s, %s, %s, %s\n", pred, sat, dst, srcOf("a"), srcOf("b"), srcOf("c"))
			case 3:
				fmt.Fprintf(&v, "%slrp %s, %s, %s, %s\n", pred, dst, srcOf("a"), srcOf("b"), srcOf("c"))
			case 4:
				fmt.Fprintf(&v, "%sdp3 %s, %s, %s\n", pred, dst, srcOf("a"), srcOf("b"))
			case 5:
				fmt.Fprintf(&v, "%srcp %s, c%d.%c\n", pred, dst, rapid.IntRange(0, 2).Draw(t, "rc"), "xyzw"[rapid.IntRange(0, 3).Draw(t, "rk")])
			case 6:
				fmt.Fprintf(&v, "%sm4x4%s %s, %s, c%d\n", pred, sat, dst, srcOf("a"), rapid.IntRange(0, 3).Draw(t, "row"))
			case 7:
				if e.first+len(m) <= 3 || !strings.Contains(m, "w") {
					fmt.Fprintf(&v, "%scrs %s, %s, %s\n", pred, dst, srcOf("a"), srcOf("b"))
				} else {
					fmt.Fprintf(&v, "%smax %s, %s, %s\n", pred, dst, srcOf("a"), srcOf("b"))
				}
			case 8:
				if !strings.ContainsAny(m, "zw") {
					fmt.Fprintf(&v, "%ssincos %s, c%d.%c\n", pred, dst, rapid.IntRange(0, 2).Draw(t, "sc"), "xyzw"[rapid.IntRange(0, 3).Draw(t, "sk")])
				} else {
					fmt.Fprintf(&v, "%snrm %s, %s\n", pred, dst, srcOf("a"))
				}
			case 9:
				fmt.Fprintf(&v, "%sm3x3 %s, %s, c%d\n", pred, dst, srcOf("a"), rapid.IntRange(0, 3).Draw(t, "row"))
			}
		}
	}
	// A write that fills every element of a register at once.
	whole := ir.Mask(0)
	for _, e := range elems {
		if e.reg == elems[0].reg {
			whole |= ir.MaskRun(e.first, e.n)
		}
	}
	fmt.Fprintf(&v, "add o%d.%s, c4, %s\n", elems[0].reg, whole, srcOf("whole"))

	// The pixel shader declares some elements that have a register of
	// their own wider, and may read the components the vertex shader does
	// not write (which runtimes give 0, w 1) or not.
	alone := map[int]int{}
	for _, e := range elems {
		alone[e.reg]++
	}
	psMask := make([]string, len(elems))
	for i, e := range elems {
		psMask[i] = e.mask()
		if alone[e.reg] == 1 && rapid.IntRange(0, 3).Draw(t, "wide") == 0 {
			psMask[i] = "xyzw"[rapid.IntRange(0, e.first).Draw(t, "wfirst"):]
		}
	}
	var p strings.Builder
	p.WriteString("ps_3_0\n")
	for i, e := range elems {
		fmt.Fprintf(&p, "dcl_%s v%d.%s\n", semName(i), e.reg-1, psMask[i])
	}
	for i, e := range elems {
		r := i % 8
		m := "xyzw"[rapid.IntRange(0, 3).Draw(t, "pm"):]
		sw := swz(t, "ps", psMask[i])
		switch rapid.IntRange(0, 2).Draw(t, "pop") {
		case 0:
			fmt.Fprintf(&p, "add r%d.%s, r%d, v%d.%s\n", r, m, (i+1)%8, e.reg-1, sw)
		case 1:
			fmt.Fprintf(&p, "mad r%d.%s, v%d.%s, c5, r%d\n", r, m, e.reg-1, sw, r)
		case 2:
			fmt.Fprintf(&p, "dp4 r%d.%s, v%d.%s, c6\n", r, m, e.reg-1, sw)
		}
	}
	for i := range 4 {
		fmt.Fprintf(&p, "add oC%d, r%d, r%d\n", i, i, i+4)
	}
	return v.String(), p.String()
}

func TestPropertyRepackComputesTheSame(t *testing.T) {
	rapid.Check(t, func(rt *rapid.T) {
		vsText, psText := genPair(rt)
		vs, err := d3d9.Parse("g.vsh", []byte(vsText))
		require.NoError(rt, err, vsText)
		ps, err := d3d9.Parse("g.psh", []byte(psText))
		require.NoError(rt, err, psText)
		inputs := []vec{{0.5, -1, 2, 1}, {0.25, 0.75, -0.5, 3}}
		consts := make([]vec, 8)
		for i := range consts {
			for k := range 4 {
				consts[i][k] = float64(rapid.IntRange(-8, 8).Draw(rt, "const")) / 4
			}
		}
		// The pixel shader's temporaries start at 0, on both sides.
		for _, strat := range []pack.Strategy{pack.Optimal{}, pack.Vertical{}} {
			for _, portable := range []bool{true, false} {
				// Components the pixel shader reads and the vertex
				// shader does not write: filled by either.
				fill := []fillWay{fillPad, fillPS}[rapid.IntRange(0, 1).Draw(rt, "fill")]
				res, err := Pair(vs, ps, "g.vsh", "g.psh", Options{Strategy: strat, Portable: portable, fill: fill})
				require.NoError(rt, err, "%s\n%s", vsText, psText)
				require.LessOrEqual(rt, res.VSLayout.GeneralRegisters(), res.Unpacked)
				want := drawPair(t, vs, withZeroTemps(ps), inputs, consts)
				got := drawPair(t, res.VS, withZeroTemps(res.PS), inputs, consts)
				for i := range want {
					if !sameVec(want[i], got[i]) {
						rt.Fatalf("%s, portable %v, fill %d: oC%d is %v, was %v\n%s\n%s\nrepacked:\n%s\n%s",
							strat.Name(), portable, fill, i, got[i], want[i], vsText, psText, text(t, res.VS), text(t, res.PS))
					}
				}
			}
		}
	})
}

// withZeroTemps starts a pixel shader by clearing r0..r7, which the
// generated one reads before it writes.
func withZeroTemps(p *d3d9.Program) *d3d9.Program {
	q := *p
	q.Insts = nil
	for r := range 8 {
		q.Insts = append(q.Insts, &d3d9.Inst{Op: d3d9.OpMov,
			Dst:  &d3d9.Operand{Type: d3d9.RegTemp, Num: r, Mask: ir.MaskXYZW},
			Srcs: []d3d9.Operand{{Type: d3d9.RegConst, Num: 7, Swizzle: d3d9.Identity}}})
	}
	q.Insts = append(q.Insts, p.Insts...)
	return &q
}

// TestSplitReads: a pixel shader that reads two elements of a register
// packed by hand in one per-component instruction ("mov r0.xyz, v0.zxy"
// where TEXCOORD0 is v0.xy and TEXCOORD1 v0.z), whose elements the packing
// puts in different registers, gets one instruction per register read,
// and computes the same; one that would read a component it has just
// written is an error.
func TestSplitReads(t *testing.T) {
	vs := parse(t, "vs.asm", "vs_3_0\ndef c1, 1.5, 2.5, 3.5, 0\ndef c2, 5.5, 6.5, 7.5, 8.5\ndcl_position v0\ndcl_position o0\n"+
		"dcl_texcoord0 o1.xy\ndcl_texcoord1 o1.z\ndcl_texcoord2 o2.xy\ndcl_texcoord3 o3.xy\nmov o0, v0\nmov o1.xyz, c1\nmov o2.xy, c2\nmov o3.xy, c2.zwzw\n")
	ps := parse(t, "ps.asm", "ps_3_0\ndef c0, 0, 0, 0, 0\ndcl_texcoord0 v0.xy\ndcl_texcoord1 v0.z\ndcl_texcoord2 v1.xy\ndcl_texcoord3 v2.xy\n"+
		"mov r0, c0\nadd r0.xyz, v0.zxy, v1.x\nmov r1, c0\nadd r1.xy, v2, v1.y\nmov oC0, r0\nmov oC1, r1\n")
	res, err := Pair(vs, ps, "vs.asm", "ps.asm", Options{Strategy: pack.Optimal{}, Portable: true})
	require.NoError(t, err)
	inputs := []vec{{0.5, -1, 2, 1}}
	want, got := drawPair(t, vs, ps, inputs, nil), drawPair(t, res.VS, res.PS, inputs, nil)
	for i := range want {
		assert.True(t, sameVec(want[i], got[i]), "oC%d: %v, was %v\n%s", i, got[i], want[i], text(t, res.PS))
	}
	assert.Equal(t, 2, strings.Count(text(t, res.PS), "add r0."), "the read is split:\n%s", text(t, res.PS))

	bad := parse(t, "ps.asm", "ps_3_0\ndef c0, 0, 0, 0, 0\ndcl_texcoord0 v0.xy\ndcl_texcoord1 v0.z\n"+
		"mov r0, c0\nadd r0.xyz, v0.zxy, r0.zzx\nmov oC0, r0\n")
	_, err = Pair(vs, bad, "vs.asm", "ps.asm", Options{Strategy: pack.Optimal{}, Portable: true})
	require.Error(t, err)
	assert.Contains(t, err.Error(), "ps.asm:6:1: error: add r0.xyz, v0.zxyy, r0.zzxx: reads v# components that now live in different registers into a register it also reads")
}

// TestFillInPixelShader: a pixel shader that declares TEXCOORD0 as a
// float4 and reads its z and w, where the vertex shader writes only .xy.
// Padding the vertex output to four components would take an eleventh
// register (nine float4 and the two float2 that share one); the pixel
// shader fills z and w itself instead (0 and 1, from a def), and the pair
// computes what it computed unpacked. Found by the differential test
// (testdata/differential/repack_wider_read_no_fit.txt in cmd/shpack).
func TestFillInPixelShader(t *testing.T) {
	var v, p strings.Builder
	v.WriteString("vs_3_0\ndef c0, 1.5, 2.5, 3.5, 4.5\ndcl_position v0\ndcl_position o0\ndcl_texcoord0 o1.xy\ndcl_texcoord1 o2.xy\n")
	for r := 2; r <= 10; r++ {
		fmt.Fprintf(&v, "dcl_texcoord%d o%d\n", r, r+1)
	}
	v.WriteString("mov o0, v0\nmov o1.xy, c0\nmov o2.xy, c0.zwzw\n")
	for r := 2; r <= 10; r++ {
		fmt.Fprintf(&v, "add o%d, c0, c0.%c\n", r+1, "xyzw"[r%4])
	}
	p.WriteString("ps_3_0\ndcl_texcoord0 v0\ndcl_texcoord1 v1.xy\n")
	for r := 2; r <= 10; r++ {
		fmt.Fprintf(&p, "dcl_texcoord%d v%d\n", r, r)
	}
	p.WriteString("mov r0, v0\nadd r1.xy, v1, v2.zwzw\nmov r1.zw, v0.zwzw\n")
	for r := 3; r <= 10; r++ {
		fmt.Fprintf(&p, "add r1, r1, v%d\n", r)
	}
	p.WriteString("mov oC0, r0\nmov oC1, r1\n")
	vs, ps := parse(t, "vs.asm", v.String()), parse(t, "ps.asm", p.String())

	_, err := Pair(vs, ps, "vs.asm", "ps.asm", Options{Portable: true, fill: fillPad})
	require.Error(t, err, "padded, the outputs take 11 registers")
	res, err := Pair(vs, ps, "vs.asm", "ps.asm", Options{Portable: true})
	require.NoError(t, err)
	assert.Equal(t, 10, res.VSLayout.GeneralRegisters())
	psText := text(t, res.PS)
	assert.Contains(t, psText, "def c223, 0, 0, 0, 1")
	inputs := []vec{{0.5, -1, 2, 1}}
	want, got := drawPair(t, vs, ps, inputs, nil), drawPair(t, res.VS, res.PS, inputs, nil)
	assert.Equal(t, vec{1.5, 2.5, 0, 1}, want[0])
	for i := range want {
		assert.True(t, sameVec(want[i], got[i]), "oC%d: %v, was %v\n%s", i, got[i], want[i], psText)
	}
}
