package randpair

import (
	"fmt"
	"slices"
	"strings"
)

// The assembly form: the layout fxc gives the HLSL, one register per
// semantic with each element from .x (so a signature of more than ten
// general elements uses o11 and beyond, as the compiled programs of an
// overflowing shader do in vkd3d), POSITION0 in o0; or, for a Prepacked
// pair, registers shared as by hand. The vertex shader
// writes def constants with mov, per-component mov, swizzled mov, add and
// mad (always with a full source swizzle: a short one repeats its last
// letter); the pixel shader copies what it reads into r0..r3 and those to
// oC0..oC3.

// defLine is a def of four values.
func defLine(c int, v [4]float64) string {
	return fmt.Sprintf("def c%d, %s, %s, %s, %s", c, num(v[0]), num(v[1]), num(v[2]), num(v[3]))
}

func num(v float64) string { return strings.TrimSuffix(lit(v), ".0") }

// A place is where an element sits in the vertex shader's outputs: its
// register and first component.
type place struct{ reg, off int }

// A slotted is an element to place: member index, element, width.
type slotted struct{ m, e, w int }

// A reg is an output register of the layout: the elements it holds.
type reg struct {
	elems []slotted
	width int
	alone bool // COLOR or PSIZE: shares with nothing
}

// layout places every element after the position (o0): one register each,
// in a random order (past o11 if there are more), or, for a Prepacked
// pair, with random merges of two registers whose elements fit in four
// components (COLOR and PSIZE keep theirs) until they are within o11.
func (g *gen) layout(p *Pair) map[*Member][]place {
	var regs []*reg
	for i, m := range p.Members[1:] {
		for e, el := range m.Elements {
			regs = append(regs, &reg{elems: []slotted{{i + 1, e, el.Width}}, width: el.Width, alone: m.Usage == "COLOR" || m.Usage == "PSIZE"})
		}
	}
	for g.prepacked && len(regs) > 11 {
		var pairs [][2]int
		for a := range regs {
			for b := a + 1; b < len(regs); b++ {
				if !regs[a].alone && !regs[b].alone && regs[a].width+regs[b].width <= 4 {
					pairs = append(pairs, [2]int{a, b})
				}
			}
		}
		if len(pairs) == 0 { // random merges got stuck: first fit decreasing
			regs = firstFit(regs)
			break
		}
		ab := pairs[g.r.IntN(len(pairs))]
		a, b := regs[ab[0]], regs[ab[1]]
		a.elems = append(a.elems, b.elems...)
		a.width += b.width
		regs = slices.Delete(regs, ab[1], ab[1]+1)
	}
	out := map[*Member][]place{}
	for _, m := range p.Members {
		out[m] = make([]place, len(m.Elements))
	}
	for i, r := range g.r.Perm(len(regs)) {
		elems := regs[r].elems
		g.r.Shuffle(len(elems), func(i, j int) { elems[i], elems[j] = elems[j], elems[i] })
		off := 0
		for _, se := range elems {
			out[p.Members[se.m]][se.e] = place{i + 1, off}
			off += se.w
		}
	}
	return out
}

// firstFit packs the registers' elements again, first fit decreasing,
// which fits them in 10 registers (the generator checked it).
func firstFit(regs []*reg) []*reg {
	var out []*reg
	var loose []slotted
	for _, r := range regs {
		if r.alone {
			out = append(out, r)
			continue
		}
		loose = append(loose, r.elems...)
	}
	slices.SortStableFunc(loose, func(a, b slotted) int { return b.w - a.w })
	var bins []*reg
	for _, e := range loose {
		placed := false
		for _, b := range bins {
			if b.width+e.w <= 4 {
				b.elems = append(b.elems, e)
				b.width += e.w
				placed = true
				break
			}
		}
		if !placed {
			bins = append(bins, &reg{elems: []slotted{e}, width: e.w})
		}
	}
	return append(out, bins...)
}

// letters spells components off .. off+n-1 as a write mask (".zw"; "" for
// all four).
func letters(off, n int) string {
	if off == 0 && n == 4 {
		return ""
	}
	return "." + xyzw[off:off+n]
}

// assembly writes the assembly form of the pair.
func (g *gen) assembly(p *Pair) {
	var defs, dcls []string
	defs = append(defs, "def c0, 0, 0, 0, 0")
	nextC := 1
	def := func(v [4]float64) int {
		c := nextC
		nextC++
		defs = append(defs, defLine(c, v))
		return c
	}
	dcls = append(dcls, "dcl_position v0", "dcl_position o0")
	places := g.layout(p)
	type decl struct {
		reg, off int
		text     string
	}
	var outDcls []decl
	var writes []string
	for _, m := range p.Members[1:] {
		for e, el := range m.Elements {
			at := places[m][e]
			if m.Usage == "PSIZE" {
				mk := ""
				if g.chance(0.5) {
					mk = ".x" // vkd3d declares the whole register, fxc's is not known
				}
				outDcls = append(outDcls, decl{at.reg, 0, fmt.Sprintf("dcl_psize o%d%s", at.reg, mk)})
				c := def([4]float64{1, 1, 1, 1})
				writes = append(writes, fmt.Sprintf("mov o%d.x, c%d.x", at.reg, c))
				continue
			}
			outDcls = append(outDcls, decl{at.reg, at.off, fmt.Sprintf("dcl_%s o%d%s", el.Semantic(), at.reg, letters(at.off, el.Width))})
			writes = append(writes, g.writeElement(at, el, def)...)
		}
	}
	slices.SortFunc(outDcls, func(a, b decl) int {
		if a.reg != b.reg {
			return a.reg - b.reg
		}
		return a.off - b.off
	})
	for _, d := range outDcls {
		dcls = append(dcls, d.text)
	}
	g.r.Shuffle(len(writes), func(i, j int) { writes[i], writes[j] = writes[j], writes[i] })
	code := append([]string{"mov o0, v0"}, writes...)
	p.VSAsm = "vs_3_0\n" + strings.Join(defs, "\n") + "\n" + strings.Join(dcls, "\n") + "\n" + strings.Join(code, "\n") + "\n"

	for _, ps := range g.pss {
		p.PSAsm = append(p.PSAsm, g.pixelAsm(ps, places))
	}
}

// writeElement writes one element's values to its place, one of five
// ways; each constant holds the values at the element's letters.
func (g *gen) writeElement(at place, el Element, def func([4]float64) int) []string {
	w := el.Width
	dst := fmt.Sprintf("o%d%s", at.reg, letters(at.off, w))
	var v [4]float64
	copy(v[at.off:], el.Values[:w])
	switch g.r.IntN(5) {
	case 1: // one mov per component
		c := def(v)
		var out []string
		for i := at.off; i < at.off+w; i++ {
			out = append(out, fmt.Sprintf("mov o%d.%c, c%d.%c", at.reg, xyzw[i], c, xyzw[i]))
		}
		return out
	case 2: // the constant's components in another order, and a swizzle
		perm := g.r.Perm(4)
		var sv [4]float64
		var sw [4]byte
		for i := range 4 {
			sv[perm[i]] = v[i]
			sw[i] = xyzw[perm[i]]
		}
		c := def(sv)
		return []string{fmt.Sprintf("mov %s, c%d.%s", dst, c, string(sw[:]))}
	case 3: // a sum
		var a, d [4]float64
		for i := at.off; i < at.off+w; i++ {
			d[i] = float64(g.r.IntN(65)-32) / 8
			a[i] = v[i] - d[i]
		}
		ca, cd := def(a), def(d)
		return []string{fmt.Sprintf("add %s, c%d, c%d", dst, ca, cd)}
	case 4: // the position times zero, plus the constant
		c := def(v)
		return []string{fmt.Sprintf("mad %s, v0, c0, c%d", dst, c)}
	}
	c := def(v)
	return []string{fmt.Sprintf("mov %s, c%d", dst, c)}
}

// pixelAsm writes one pixel shader: one input register per vertex
// register it reads (numbered in a random order), a declaration per
// element it reads at the vertex shader's letters (from .x, the declared
// width, when the element has its register alone), then the copies.
func (g *gen) pixelAsm(ps *pixelShader, places map[*Member][]place) string {
	type decl struct {
		reg, off int
		text     string
	}
	var vsRegs []int
	for _, in := range ps.inputs {
		for e := range in.elems {
			if r := places[in.m][e].reg; !slices.Contains(vsRegs, r) {
				vsRegs = append(vsRegs, r)
			}
		}
	}
	slices.Sort(vsRegs)
	vOf := map[int]int{}
	for i, r := range g.r.Perm(len(vsRegs)) {
		vOf[vsRegs[i]] = r
	}
	var dcls []decl
	for _, in := range ps.inputs {
		for e := range in.elems {
			el, at := in.m.Elements[e], places[in.m][e]
			w := el.Width
			if in.elem >= 0 || in.m.Kind == Vector {
				w = in.width
			}
			v := vOf[at.reg]
			dcls = append(dcls, decl{v, at.off, fmt.Sprintf("dcl_%s v%d%s", el.Semantic(), v, letters(at.off, w))})
		}
	}
	slices.SortFunc(dcls, func(a, b decl) int {
		if a.reg != b.reg {
			return a.reg - b.reg
		}
		return a.off - b.off
	})
	var b strings.Builder
	b.WriteString("ps_3_0\ndef c0, 0, 0, 0, 0\n")
	for _, d := range dcls {
		b.WriteString(d.text + "\n")
	}
	for t := range 4 {
		fmt.Fprintf(&b, "mov r%d, c0\n", t)
	}
	src := func(rd read) (int, int) { // the v# and letter a read reads
		at := places[rd.in.m][rd.elem]
		return vOf[at.reg], at.off + rd.comp
	}
	for t := range 4 {
		for s := 4 * t; s < 4*t+4 && s < len(ps.reads); {
			reg, first := src(ps.reads[s])
			n := 1
			for s+n < 4*t+4 && s+n < len(ps.reads) {
				// One register at a time; in a layout packed by hand
				// that may be several elements (testdata/differential/
				// repack_read_across_elements.txt).
				if r, _ := src(ps.reads[s+n]); r != reg || g.chance(0.2) {
					break
				}
				n++
			}
			// Destination letters s%4 .. s%4+n-1; the swizzle has the
			// source letter at each of them and the first one elsewhere.
			var sw [4]byte
			for i := range sw {
				sw[i] = xyzw[first]
			}
			var dm strings.Builder
			for i := range n {
				pos := (s + i) % 4
				_, c := src(ps.reads[s+i])
				sw[pos] = xyzw[c]
				dm.WriteByte(xyzw[pos])
			}
			fmt.Fprintf(&b, "mov r%d.%s, v%d.%s\n", t, dm.String(), reg, string(sw[:]))
			s += n
		}
	}
	for t := range 4 {
		fmt.Fprintf(&b, "mov oC%d, r%d\n", t, t)
	}
	return b.String()
}
