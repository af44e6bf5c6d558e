package check

// What each runtime does with the declarations.
//
// The idea: Direct3D 9 links a pixel shader's inputs to the vertex shader's
// outputs by semantic, one semantic per declaration, several declarations
// per register. The translation layers that run Direct3D 9 today do not
// keep that: each turns registers and declarations into variables of its
// own target (GLSL varyings, Vulkan interface slots) with a rule simpler
// than Direct3D's, and a value survives the trip only when the rule and
// the program agree. So each runtime is modelled by that rule alone,
// applied to one value at a time: a value is a component c of a semantic
// S that the pixel shader declares in register vM and reads (reads.go);
// the vertex shader writes it under S, in its register oN, at the same
// letter c where the linkage is valid, and where it is not (the pixel
// shader declares S at letters the vertex shader does not), at the letter
// of the same rank in its mask: the component the pixel shader means
// (intended). The model says whether the pixel shader's vM.c holds that,
// and if not, why. wined3d, MojoShader and DXVK 3 link letter by letter,
// so an invalid pair loses what it reads at other letters; DXVK 2's slots
// deliver components by rank, so it draws some invalid pairs right.
//
// Why that is right: each rule is read off the runtime's own behaviour,
// and reproduces every row of the render tools' results tables, where the
// same values are drawn through every layout. Tests hold the rules to the
// tables: TestModelsMatchREADME (on each row, valid or not, the check
// loses as many values as the runtime drew wrong), TestRuntimeRulesReplayREADME
// (the rules, run on the programs' values, draw each row's count, invalid
// rows included), and TestCheckAgreesWithRuntimes, which draws the pairs
// again with pairs of its own:
//
//   - wined3d (Wine 8.0; ../shared/tools/d3d9-render-check): it keeps one
//     signature element per register number on each side, so the last dcl
//     of a register wins on the vertex side (the others' components are
//     written as 0: "shader_out.reg[0].xy = vec2(0.0)") and on the pixel
//     side alike, and for a semantic it copies only the letters both dcls
//     have (PS mask ∧ VS mask). Rows: unpacked and split pass; packed loses
//     texcoord0 and fog, the first dcls of their registers (5/8);
//     packed_reversed loses all (0/8: the vertex side keeps texcoord0 and
//     fog, the pixel side texcoord1 and texcoord2).
//   - mojoshader (MojoShader's glsl120, FNA3D's choice on a compatibility
//     context; ../shared/tools/mojoshader-gl-check): one varying per
//     register, named after the register's last dcl and carrying the whole
//     vec4, so vM.c holds what the vertex shader wrote to letter c of the
//     register whose last dcl is vM's last dcl. Rows: packed → packed
//     passes (the same semantics are last on both sides, the others ride
//     along); packed_reversed → packed loses all; split → packed 5/8. The
//     varying of TEXCOORD0-3 and COLOR0-1 is a GL built-in (gl_TexCoord[n],
//     gl_FrontColor/gl_Color, gl_FrontSecondaryColor/gl_SecondaryColor),
//     any other semantic a generic "varying vec4 io_USAGE_INDEX", except
//     on the vertex side FOG (gl_FogFragCoord, or a float io_11_n) and
//     PSIZE, which are scalars (profiles/mojoshader_profile_glsl.c,
//     emit_GLSL_attribute). Hence: a pixel register read through a generic
//     varying that the vertex shader does not write as a vec4 fails GL's
//     link, and nothing is drawn (every unpacked and split pair with FOG:
//     "fragment shader varying io_11_0 not written by vertex shader";
//     testdata/pairs/fog1: "declared as type float"; generic_unlinked:
//     TEXCOORD5 packed under TEXCOORD6), while one it declares and never
//     reads is dropped and links (fog_unread); COLOR0 and COLOR1 are
//     clamped to [0, 1] (portable pair as color0/color1: 5/8, rt1 = 0.625
//     1 1 0), which the check cannot rule out without the values, so it
//     reports them lost, and COLOR2 and up are generic and arrive
//     (color23); a centroid input fails the pixel shader's compile
//     ("centroid unsupported in glsl profile"; testdata/pairs/centroid).
//   - dxvk2 (DXVK 2.0 to 2.7.1; the DXVK column of the d3d9-render-check
//     table): one interface slot per dcl. The vertex side compacts the
//     semantic's masked components to the front of its slot (o2.zw lands
//     in slot.xy); the pixel side reads the slot at its own letters and
//     stores a whole vec4 into v# for each dcl, so the last dcl of a pixel
//     register wins. Net: vM.c = slot[c] = the c-th written letter of the
//     vertex mask, which is letter c exactly when the vertex mask holds x
//     through c; and only the pixel register's last dcl survives. Row by
//     row (DXVK 2.0, the same up to 2.6.2): unpacked → unpacked 8/8, every
//     mask starts at x; split → split 3/8, texcoord1 (o2.zw) and texcoord2
//     (o4.yzw) are shifted, texcoord0 and fog arrive; packed → packed and
//     packed_reversed → packed 0/8, texcoord0 and fog are not the last
//     dcls of their pixel registers and texcoord1 and texcoord2 do not
//     start at x. The invalid rows follow from the same rule: packed →
//     split 3/8 (texcoord0 and fog); split → packed and unpacked → packed
//     0/8; packed → unpacked 8/8, because every pixel mask starts at x and
//     the compacted slots line up with it; split → mismatch and packed →
//     mismatch 5/8 (mismatch reads texcoord1 at .xy, where the compacted
//     slot has it, and texcoord2 is shifted). DXVK 2.6.2 draws every row
//     as 2.0 does (run again with the d3d9.dll of 2.6.2 for issue 40).
//   - dxvk3 (DXVK 3.x): not runnable here (it needs newer Vulkan than
//     lavapipe on Mesa 22.3). The model is the README's one line, "one
//     variable per register: a second dcl on a register is never
//     written", read as: on each side only the first dcl of a register
//     is written and read, linked by semantic at the same letters. It is
//     UNVERIFIED: no pair has been drawn on DXVK 3.
//
// The models know nothing of the values: a runtime that clamps loses what
// it may lose, and a value that arrives through a model's rule arrives
// whatever it is.

import (
	"fmt"
	"github.com/shpack/shpack/d3d9"

	"github.com/shpack/shpack/ir"
)

// A value is one component of a semantic the pixel shader reads: its
// declaration d (in vM), the letter c, and the vertex shader's
// declaration e of the same semantic (nil if none); want is the letter of
// e's register that holds the value the pixel shader means to read (see
// intended).
type value struct {
	d, e *decl
	c    int
	want int
}

// intended is the letter of the vertex register that holds the value the
// pixel shader means to read at letter c of declaration d (-1 if the
// vertex shader writes none): where the linkage is valid (d's mask a
// subset of e's), the same letter, as Direct3D 9 links; where it is not,
// the component of the same rank: a pixel shader that declares TEXCOORD1
// at v1.xy means the semantic's first two components, which a vertex
// shader that declares it at o1.zw wrote at z and w (the render tools'
// expectation of their invalid pairs, and what DXVK 2's slots deliver).
func intended(d, e *decl, c int) int {
	if d.mask&e.mask == d.mask {
		return c
	}
	k := (d.mask & ir.MaskRun(0, c)).Count() // c's rank in d's mask
	return nthLetter(e.mask, k)
}

// nthLetter is the letter of mask m of rank k (0: its first), -1 if m has
// no more than k letters.
func nthLetter(m ir.Mask, k int) int {
	for c := range 4 {
		if m&(1<<c) != 0 {
			if k == 0 {
				return c
			}
			k--
		}
	}
	return -1
}

// byLetter is the loss of a runtime that links a semantic by letter (vM.c
// reads oN.c) on a value the pixel shader means to read from another
// letter (intended), "" if none.
func byLetter(runtime string, v value) string {
	if v.c == v.want {
		return ""
	}
	return fmt.Sprintf("%s links %s letter by letter, and the pixel shader declares it at v%d.%s, the vertex shader at o%d.%s",
		runtime, v.d.sem, v.d.reg, v.d.mask, v.e.reg, v.e.mask)
}

// A model is one runtime's rule.
type model struct {
	name string
	// refuse says why the runtime does not take the pair at all ("" if it
	// does): then every value is lost.
	refuse func(vs, ps *stage, read map[int]ir.Mask) string
	// lose says why the runtime loses a value the vertex shader writes at
	// its letter ("" if it arrives).
	lose func(vs, ps *stage, v value) string
}

// models are the runtime models, in report order.
func models() []model {
	return []model{
		{name: Wined3d, lose: wined3dLoses},
		{name: MojoShader, refuse: mojoRefuses, lose: mojoLoses},
		{name: DXVK2, lose: dxvk2Loses},
		{name: DXVK3, lose: dxvk3Loses},
	}
}

// runtimeModels applies every model to every value the pixel shader reads.
func runtimeModels(vs, ps *stage) []Runtime {
	read := reads(ps.p)
	var values []value
	for _, d := range ps.decls {
		m := read[d.reg] & d.mask
		for c := range 4 {
			if m&(1<<c) != 0 {
				v := value{d: d, e: vs.bySem[d.sem], c: c, want: -1}
				if v.e != nil {
					v.want = intended(v.d, v.e, c)
				}
				values = append(values, v)
			}
		}
	}
	var out []Runtime
	for _, md := range models() {
		rt := Runtime{Name: md.name, Lost: []Lost{}}
		refused := ""
		if md.refuse != nil {
			refused = md.refuse(vs, ps, read)
		}
		for _, v := range values {
			why := refused
			switch {
			case why != "":
			case v.e == nil:
				why = fmt.Sprintf("the vertex shader writes no %s", v.d.sem)
			case v.want < 0:
				why = fmt.Sprintf("the vertex shader writes %s at .%s only", v.d.sem, v.e.mask)
			default:
				why = md.lose(vs, ps, v)
			}
			if why != "" {
				rt.Lost = addLost(rt.Lost, v, why)
			}
		}
		out = append(out, rt)
	}
	return out
}

// addLost adds a lost value, to the entry of its semantic and reason if
// there is one.
func addLost(lost []Lost, v value, why string) []Lost {
	letter := string("xyzw"[v.c])
	for i := range lost {
		l := &lost[i]
		if l.Semantic == v.d.sem.usage.String() && l.Index == v.d.sem.index && l.Why == why {
			l.Components += letter
			return lost
		}
	}
	return append(lost, Lost{Semantic: v.d.sem.usage.String(), Index: v.d.sem.index, Components: letter, Why: why})
}

// wined3dLoses: the last dcl of a register wins on each side; a semantic
// carries the letters both dcls have (the caller made sure c is in both).
func wined3dLoses(vs, ps *stage, v value) string {
	if last := ps.last(v.d.reg); last != v.d {
		return fmt.Sprintf("wined3d keeps only v%d's last dcl, %s: this reads 0", v.d.reg, last.sem)
	}
	if last := vs.last(v.e.reg); last != v.e {
		return fmt.Sprintf("wined3d keeps only o%d's last dcl, %s: this is not passed and reads 0", v.e.reg, last.sem)
	}
	return byLetter("wined3d", v) // the letters both dcls have
}

// A varying is the GLSL variable MojoShader's glsl120 profile makes of a
// register from the semantic of its last dcl.
type varying struct {
	name    string
	generic bool // a "varying vec4 io_U_I" (or float), not a GL built-in
	scalar  bool // a float: FOG and PSIZE on the vertex side
	clamped bool // a vertex colour, clamped to [0, 1] by GL
}

// mojoVarying follows emit_GLSL_attribute of MojoShader's GLSL profile.
func mojoVarying(s semantic, vertex bool) varying {
	generic := varying{name: fmt.Sprintf("io_%d_%d", s.usage, s.index), generic: true}
	switch s.usage {
	case ir.UsageTexCoord:
		if s.index < 4 { // "gl_TexCoord[4+] is unreliable!"
			return varying{name: fmt.Sprintf("gl_TexCoord[%d]", s.index)}
		}
	case ir.UsageColor:
		switch {
		case s.index == 0 && vertex:
			return varying{name: "gl_FrontColor", clamped: true}
		case s.index == 0:
			return varying{name: "gl_Color"}
		case s.index == 1 && vertex:
			return varying{name: "gl_FrontSecondaryColor", clamped: true}
		case s.index == 1:
			return varying{name: "gl_SecondaryColor"}
		}
	case ir.UsageFog, ir.UsagePSize:
		switch {
		case !vertex:
		case s.index == 0 && s.usage == ir.UsageFog:
			return varying{name: "gl_FogFragCoord", scalar: true}
		case s.index == 0:
			return varying{name: "gl_PointSize", scalar: true}
		default:
			generic.scalar = true
		}
	case ir.UsagePosition:
		if vertex && s.index == 0 {
			return varying{name: "gl_Position"}
		}
	}
	return generic
}

// mojoRefuses: a centroid input fails the pixel shader's compile; a pixel
// register the program reads through a generic varying that no vertex
// register writes as the same vec4 fails the link.
func mojoRefuses(vs, ps *stage, read map[int]ir.Mask) string {
	// Refused whole programs, seen in TestRepackRenders: MojoShader's
	// reader (mojoshader.c, parse_instruction_token) takes the predicate
	// token after the sources, where Direct3D, wined3d and vkd3d put it
	// after the destination, so it finds a source register where it wants
	// p0 ("Predicated instruction but not predicate register!"); and it
	// sizes a constant array from the constant table, which a program
	// without one lacks ("relative addressing unsupported without a
	// CTAB"; compilers write one, and shpack keeps it, but assembly text
	// has none).
	for _, st := range []*stage{vs, ps} {
		what := "vertex"
		if st == ps {
			what = "pixel"
		}
		for _, in := range st.p.Insts {
			if in.Pred != nil {
				return fmt.Sprintf("the %s shader does not compile: MojoShader reads a predicated instruction's tokens in another order (%s)", what, st.p.InstString(in))
			}
			for k := range in.Srcs {
				if s := &in.Srcs[k]; s.Type == d3d9.RegConst && s.Rel != nil && !st.p.HasCTAB() {
					return fmt.Sprintf("the %s shader does not compile: MojoShader indexes constants (%s) only with a constant table, and the program has none", what, st.p.InstString(in))
				}
			}
		}
	}
	for _, d := range ps.decls {
		if d.in.Dst.Cent {
			return fmt.Sprintf("the pixel shader does not compile: MojoShader's GLSL takes no centroid input (v%d)", d.reg)
		}
	}
	for _, d := range ps.decls {
		if ps.last(d.reg) != d || read[d.reg] == 0 {
			continue
		}
		pv := mojoVarying(d.sem, false)
		if !pv.generic {
			continue
		}
		if mojoRegister(vs, d.sem) < 0 {
			return fmt.Sprintf("the program does not link: MojoShader reads v%d (last dcl %s) from the varying %s, and no vertex register's last dcl is %s", d.reg, d.sem, pv.name, d.sem)
		}
		if vv := mojoVarying(d.sem, true); vv.name != pv.name || vv.scalar {
			float := ""
			if vv.scalar {
				float = ", a float"
			}
			return fmt.Sprintf("the program does not link: MojoShader reads v%d (last dcl %s) from the varying %s, and the vertex shader writes %s to %s%s", d.reg, d.sem, pv.name, d.sem, vv.name, float)
		}
	}
	return ""
}

// mojoRegister is the vertex register whose last dcl is s, -1 if none.
func mojoRegister(vs *stage, s semantic) int {
	for _, d := range vs.decls {
		if vs.last(d.reg) == d && d.sem == s {
			return d.reg
		}
	}
	return -1
}

// mojoLoses: vM is the varying of its last dcl, which is the whole vertex
// register whose last dcl has that semantic. (A scalar vertex varying
// never meets a pixel register: its semantic is FOG or PSIZE, generic on
// the pixel side, and mojoRefuses stopped the link.)
func mojoLoses(vs, ps *stage, v value) string {
	last := ps.last(v.d.reg)
	vr := mojoRegister(vs, last.sem)
	switch {
	case vr < 0:
		return fmt.Sprintf("MojoShader links v%d by its last dcl, %s, and no vertex register's last dcl is %s", v.d.reg, last.sem, last.sem)
	case vr != v.e.reg:
		return fmt.Sprintf("MojoShader links v%d by its last dcl, %s, to o%d, and this is written to o%d", v.d.reg, last.sem, vr, v.e.reg)
	case mojoVarying(last.sem, true).clamped:
		return "COLOR is clamped to [0, 1]"
	}
	return byLetter("MojoShader", v) // the whole register, letter by letter
}

// dxvk2Loses: the last dcl of a pixel register wins; the slot of a
// semantic holds the vertex mask's letters from .x on, so letter c of the
// pixel register reads the vertex mask's letter of rank c.
func dxvk2Loses(vs, ps *stage, v value) string {
	if last := ps.last(v.d.reg); last != v.d {
		return fmt.Sprintf("DXVK 2 stores each dcl's slot into all of v%d, and the last, %s, overwrites this", v.d.reg, last.sem)
	}
	if nthLetter(v.e.mask, v.c) != v.want {
		return fmt.Sprintf("DXVK 2 moves o%d.%s to the front of the slot, and the pixel shader reads it at its own letters", v.e.reg, v.e.mask)
	}
	return ""
}

// dxvk3Loses (UNVERIFIED model, see above): only the first dcl of a
// register is written and read.
func dxvk3Loses(vs, ps *stage, v value) string {
	if first := ps.first(v.d.reg); first != v.d {
		return fmt.Sprintf("DXVK 3 reads only v%d's first dcl, %s", v.d.reg, first.sem)
	}
	if first := vs.first(v.e.reg); first != v.e {
		return fmt.Sprintf("DXVK 3 writes only o%d's first dcl, %s", v.e.reg, first.sem)
	}
	return byLetter("DXVK 3", v)
}
