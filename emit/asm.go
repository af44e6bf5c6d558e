package emit

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strconv"
	"strings"

	"github.com/shpack/shpack/ir"
)

// Asm writes the layout as shader assembly: the version line (vs_3_0,
// ps_3_0, ...), then the declarations, sorted by register and then by first
// component, each ending with a comment naming the member
// (// VS_OUTPUT.Tex[3]). Usage index 0 is left out as fxc prints it
// (dcl_texcoord o1.xy, dcl_position o0) and the mask is left out when it is
// the full register. Per register file:
//
//   - vs_3_0 outputs: dcl_<usage>[index] oN[.mask];
//   - vertex inputs: dcl_<usage>[index] vN;
//   - ps_3_0 inputs: dcl_<usage>[index][_centroid] vN[.mask], dcl vPos.xy,
//     dcl vFace; POSITION0 and PSIZE, which a pixel shader cannot read, are
//     not declared;
//   - ps_2_0 inputs: dcl[_centroid] tN[.mask] and dcl vN[.mask];
//   - SM1/SM2 vertex outputs and pixel outputs have no declarations: a
//     comment table gives the register each member is written to.
func Asm(w io.Writer, l *ir.Layout) error {
	type line struct {
		reg   ir.Reg
		comp  int
		text  string
		elem  int
		extra []string // portable: every member of the register with its mask
	}
	lines := make([]line, 0, len(l.Place))
	width := 0
	portable := map[ir.Reg]int{} // portable layouts: the line of each general register
	for i, p := range l.Place {
		if p.Reg == ir.NoReg {
			continue
		}
		e := &l.Sig.Elements[i]
		if l.Cons.Portable && p.Role == ir.RoleGeneral {
			member := MemberName(l.Sig, e) + " = ." + p.Mask.String()
			if k, ok := portable[p.Reg]; ok {
				lines[k].extra = append(lines[k].extra, member)
				continue
			}
			whole := p
			whole.Mask = ir.MaskXYZW
			text := Decl(l.File, whole, e)
			width = max(width, len(text))
			portable[p.Reg] = len(lines)
			lines = append(lines, line{reg: p.Reg, comp: 0, text: text, elem: i, extra: []string{member}})
			continue
		}
		text := Decl(l.File, p, e)
		width = max(width, len(text))
		lines = append(lines, line{reg: p.Reg, comp: p.Mask.First(), text: text, elem: i})
	}
	for k := range lines {
		// A portable register's members, in component order.
		first := func(m string) int { return strings.IndexByte("xyzw", m[strings.LastIndexByte(m, '.')+1]) }
		slices.SortStableFunc(lines[k].extra, func(a, b string) int { return cmp.Compare(first(a), first(b)) })
	}
	slices.SortStableFunc(lines, func(a, b line) int {
		if c := cmp.Compare(a.reg.Kind, b.reg.Kind); c != 0 {
			return c
		}
		if c := cmp.Compare(a.reg.Num, b.reg.Num); c != 0 {
			return c
		}
		return cmp.Compare(a.comp, b.comp)
	})
	var b strings.Builder
	b.Grow(len(lines)*(width+32) + 128)
	b.WriteString(l.File.Profile.Name)
	b.WriteByte('\n')
	prefix := ""
	if !declares(l.File) {
		fmt.Fprintf(&b, "// %s %s have no declarations: each member is written to the register its semantic names\n",
			l.File.Profile.Name, l.File.Dir.Word()+"s")
		prefix = "// "
	}
	for _, ln := range lines {
		b.WriteString(prefix)
		b.WriteString(ln.text)
		for range width - len(ln.text) {
			b.WriteByte(' ')
		}
		if prefix == "" {
			b.WriteString(" // ")
		} else {
			b.WriteByte(' ')
		}
		if ln.extra != nil {
			b.WriteString(strings.Join(ln.extra, ", "))
		} else {
			b.WriteString(MemberName(l.Sig, &l.Sig.Elements[ln.elem]))
		}
		b.WriteByte('\n')
	}
	_, err := io.WriteString(w, b.String())
	return err
}

// declares reports whether the register file's registers are declared with
// dcl instructions (all but SM1/SM2 vertex outputs and pixel outputs).
func declares(f *ir.RegisterFile) bool {
	return !(f.Mode == ir.ModeFixed && (f.Profile.Stage == ir.Vertex || f.Dir == ir.Out))
}

// Decl returns the declaration of one placement in f without a comment:
// "dcl_texcoord3 o2.yz", "dcl_position o0", "dcl_texcoord1_centroid v0.zw",
// "dcl vPos.xy", "dcl t0.xy". For registers that are not declared (SM1/SM2
// vertex outputs, pixel outputs) it returns the register and mask written:
// "oT0.xy", "oPos".
func Decl(f *ir.RegisterFile, p ir.Placement, e *ir.Element) string {
	var b strings.Builder
	reg := p.Reg.String()
	if p.Mask != ir.MaskXYZW {
		reg += "." + p.Mask.String()
	}
	switch {
	case !declares(f):
		return reg
	case p.Role == ir.RoleVPos || p.Role == ir.RoleVFace:
		return "dcl " + reg
	case f.Mode == ir.ModeFixed: // ps_2_0 inputs: the register is the semantic
		b.WriteString("dcl")
		if e.Centroid() {
			b.WriteString("_centroid")
		}
	default:
		b.WriteString("dcl_")
		b.WriteString(p.Usage.Asm())
		if p.Index != 0 {
			b.WriteString(strconv.Itoa(p.Index))
		}
		// _centroid exists on pixel shader declarations only.
		if f.Profile.Stage == ir.Pixel && e.Centroid() {
			b.WriteString("_centroid")
		}
	}
	b.WriteByte(' ')
	b.WriteString(reg)
	return b.String()
}

// MemberName names an element for comments: the signature's name, a dot and
// the element's member path ("VS_OUTPUT.Tex[3]", "RenderVS.return").
func MemberName(sig *ir.Signature, e *ir.Element) string {
	return sig.Name + "." + e.Name
}
