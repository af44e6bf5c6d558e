package emit

import (
	"bufio"
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"

	"github.com/shpack/shpack/ir"
)

// Asm writes the layout as shader assembly: the version line (vs_3_0), then
// one dcl line per element, sorted by register and then by first component.
// Usage index 0 is left out as fxc prints it (dcl_texcoord o1.xy,
// dcl_position o0), the mask is left out when it is the full register, and
// every line ends with a comment naming the member (// VS_OUTPUT.Tex[3]).
// Elements without a register (left out of this side) are not declared.
func Asm(w io.Writer, l *ir.Layout) error {
	bw := bufio.NewWriter(w)
	fmt.Fprintln(bw, l.File.Profile.Name)
	type line struct {
		reg  ir.Reg
		comp int
		dcl  string
		name string
	}
	var lines []line
	width := 0
	for i, p := range l.Place {
		if p.Reg == ir.NoReg {
			continue
		}
		e := &l.Sig.Elements[i]
		dcl := DclLine(p)
		width = max(width, len(dcl))
		lines = append(lines, line{p.Reg, p.Mask.First(), dcl, MemberName(l.Sig, e)})
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
	for _, ln := range lines {
		fmt.Fprintf(bw, "%-*s // %s\n", width, ln.dcl, ln.name)
	}
	return bw.Flush()
}

// DclLine returns the declaration of one placement without a comment:
// "dcl_texcoord3 o2.yz", "dcl_position o0".
func DclLine(p ir.Placement) string {
	var b strings.Builder
	b.WriteString("dcl_")
	b.WriteString(p.Usage.Asm())
	if p.Index != 0 {
		fmt.Fprintf(&b, "%d", p.Index)
	}
	b.WriteByte(' ')
	b.WriteString(p.Reg.String())
	if p.Mask != ir.MaskXYZW {
		b.WriteByte('.')
		b.WriteString(p.Mask.String())
	}
	return b.String()
}

// MemberName names an element for comments: the signature's name, a dot and
// the element's member path ("VS_OUTPUT.Tex[3]", "RenderVS.return").
func MemberName(sig *ir.Signature, e *ir.Element) string {
	return sig.Name + "." + e.Name
}
