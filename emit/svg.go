package emit

import (
	"cmp"
	"fmt"
	"io"
	"slices"
	"strings"
	"sync"

	"github.com/shpack/shpack/ir"
)

// A MapPanel is one register file that RegisterMap draws: a layout under a
// heading ("vertex shader VS", "variant fog").
type MapPanel struct {
	Heading string
	Layout  *ir.Layout
}

// Geometry of the register map, in SVG user units (pixels at 100%).
const (
	svgMargin    = 16
	svgLabelW    = 112 // register names and roles, left of the grid
	svgCellW     = 132 // one component
	svgRowH      = 30
	svgHeadH     = 44 // a panel's heading and the x y z w line
	svgTitleH    = 52 // the document's title and subtitle
	svgGap       = 28 // between panels
	svgLegendH   = 40
	svgFontSize  = 12
	svgFixedFill = "#d9d9d9" // POSITION0 and PSIZE boxes, in registers of their own
)

// svgPalette are the members' fill colours, given to semantics in order of
// first appearance, so a semantic has one colour in every panel (the VS
// and PS sides of a link, every variant): Paul Tol's "light" qualitative
// scheme, made for labels on it and told apart by colour-blind readers.
// Past eight semantics the colours repeat, and the label in each box says
// whose it is.
func svgPalette() []string {
	return []string{"#77AADD", "#EE8866", "#EEDD88", "#FFAABB", "#99DDFF", "#44BB99", "#BBCC33", "#AAAA00"}
}

// RegisterMap writes the register maps of panels as one SVG 1.1 document:
// per panel, a grid with a row per register (o0..o11 or v0..v9 for the
// packed register files, with POSITION0 and PSIZE marked and unused
// registers left empty; the registers used for the other files) and a
// column per component x y z w, and every member as a box over its
// components, labelled with its name and semantic (truncated to fit, the
// whole in a tooltip). A semantic has the same colour in every panel.
// COLOR members have a heavy border and centroid ones a dashed one; a note
// under the grid says so. columns is how many panels go side by side (0:
// all). The output is deterministic.
func RegisterMap(w io.Writer, title, subtitle string, panels []MapPanel, columns int) error {
	if len(panels) == 0 {
		return fmt.Errorf("emit: a register map needs a layout")
	}
	if columns <= 0 || columns > len(panels) {
		columns = len(panels)
	}
	colour := map[string]string{}
	palette := svgPalette()
	var grids []svgGrid
	for _, p := range panels {
		g := newSVGGrid(p)
		for _, b := range g.boxes {
			if _, ok := colour[b.semantic]; !ok && !b.fixed {
				colour[b.semantic] = palette[len(colour)%len(palette)]
			}
		}
		grids = append(grids, g)
	}
	panelW := svgLabelW + 4*svgCellW
	rowsOf := func(r int) int { // the tallest grid in panel row r
		n := 0
		for i := r * columns; i < min(len(grids), (r+1)*columns); i++ {
			n = max(n, len(grids[i].rows))
		}
		return n
	}
	panelRows := (len(grids) + columns - 1) / columns
	width := 2*svgMargin + columns*panelW + (columns-1)*svgGap
	height := svgMargin + svgTitleH
	for r := range panelRows {
		height += svgHeadH + rowsOf(r)*svgRowH + svgGap
	}
	height += svgLegendH

	var b strings.Builder
	fmt.Fprintf(&b, `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="%d" height="%d" viewBox="0 0 %d %d" font-family="DejaVu Sans, Verdana, sans-serif" font-size="%d">
`, width, height, width, height, svgFontSize)
	fmt.Fprintf(&b, "<title>%s</title>\n", esc(title))
	fmt.Fprintf(&b, `<rect x="0" y="0" width="%d" height="%d" fill="#ffffff"/>`+"\n", width, height)
	// Title and subtitle are cut to the image (whole in the document's
	// title and in their tooltips).
	fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="17" font-weight="bold"><title>%s</title>%s</text>`+"\n", svgMargin, svgMargin+18,
		esc(title), esc(fitText(title, float64(width-2*svgMargin), 17, true)))
	if subtitle != "" {
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="13" fill="#444444"><title>%s</title>%s</text>`+"\n", svgMargin, svgMargin+38,
			esc(subtitle), esc(fitText(subtitle, float64(width-2*svgMargin), 13, false)))
	}
	y0 := svgMargin + svgTitleH
	for r := range panelRows {
		for c := range columns {
			i := r*columns + c
			if i >= len(grids) {
				break
			}
			grids[i].draw(&b, svgMargin+c*(panelW+svgGap), y0, colour)
		}
		y0 += svgHeadH + rowsOf(r)*svgRowH + svgGap
	}
	for k, line := range []string{
		"Each box is a member over the components it occupies, one colour per semantic;",
		"grey: POSITION0 and PSIZE. Heavy border: COLOR; dashed: centroid.",
	} {
		fmt.Fprintf(&b, `<text x="%d" y="%d" fill="#444444">%s</text>`+"\n", svgMargin, y0+4+16*k,
			esc(fitText(line, float64(width-2*svgMargin), svgFontSize, false)))
	}
	b.WriteString("</svg>\n")
	_, err := io.WriteString(w, b.String())
	return err
}

// MapTitles returns the title and subtitle RegisterMap draws for layout l
// of the file source: the signature and its general registers against the
// limit; the strategy, the form of the declarations and the lower bound.
func MapTitles(l *ir.Layout, source string) (title, subtitle string) {
	title = fmt.Sprintf("%s: %d of %d general registers", l.Sig.Name, l.GeneralRegisters(), l.Cons.Limit(l.File))
	if !l.File.Packs() { // fixed registers (SM1/SM2, pixel outputs): no budget to count against
		title = fmt.Sprintf("%s: %d registers of %s %ss", l.Sig.Name, l.Registers(), l.File.Profile.Name, l.File.Dir.Word())
	}
	form := "one declaration per member"
	if l.Cons.Portable {
		form = "portable"
	}
	subtitle = fmt.Sprintf("%s, strategy %s, %s", source, l.Strategy, form)
	if l.LowerBound >= 0 {
		subtitle += fmt.Sprintf(", lower bound %d", l.LowerBound)
		if l.Optimal() {
			subtitle += " (optimal)"
		}
	}
	return title, subtitle
}

// SideHeading names a register file in a register map ("vs_3_0 outputs").
func SideHeading(f *ir.RegisterFile) string {
	return f.Profile.Name + " " + f.Dir.Word() + "s"
}

// svgGrid is one panel laid out: its register rows and member boxes.
type svgGrid struct {
	heading string
	rows    []svgRow
	boxes   []svgBox
}

type svgRow struct {
	reg  ir.Reg
	role string // "POSITION", "PSIZE" or ""
	// declared is the semantic the register is declared as in a portable
	// layout (every member shares it), "" otherwise.
	declared string
}

type svgBox struct {
	row, first, n int    // row index, first component, components
	name, sem     string // the label: the member's name and its semantic
	tip           string
	semantic      string // the colour key
	color         bool   // COLOR class
	centroid      bool
	fixed         bool // POSITION0 or PSIZE: grey
}

// newSVGGrid lays out panel p: for a packed register file, every register
// of its kind in number order; for the others, the registers used.
func newSVGGrid(p MapPanel) svgGrid {
	l := p.Layout
	g := svgGrid{heading: p.Heading}
	index := map[ir.Reg]int{}
	addRow := func(r ir.Reg) {
		if _, ok := index[r]; !ok {
			index[r] = len(g.rows)
			g.rows = append(g.rows, svgRow{reg: r})
		}
	}
	if l.File.Packs() {
		for n := range l.File.Count {
			addRow(ir.Reg{Kind: l.File.Kind, Num: n})
		}
	}
	var used []ir.Reg
	for _, pl := range l.Place {
		if pl.Reg != ir.NoReg {
			used = append(used, pl.Reg)
		}
	}
	slices.SortFunc(used, func(a, b ir.Reg) int {
		if c := cmp.Compare(a.Kind, b.Kind); c != 0 {
			return c
		}
		return cmp.Compare(a.Num, b.Num)
	})
	for _, r := range used {
		addRow(r)
	}
	for i, pl := range l.Place {
		if pl.Reg == ir.NoReg {
			continue
		}
		e := &l.Sig.Elements[i]
		row := index[pl.Reg]
		switch pl.Role {
		case ir.RolePosition:
			g.rows[row].role = "POSITION"
		case ir.RolePSize:
			g.rows[row].role = "PSIZE"
		}
		mask := pl.Mask
		if mask == 0 {
			mask = ir.MaskXYZW
		}
		sem := e.Semantic
		sem.Centroid = false
		tip := fmt.Sprintf("%s : %s, %s.%s", e.Name, e.Semantic.String(), pl.Reg, mask)
		if l.Cons.Portable && pl.Role == ir.RoleGeneral {
			tip += fmt.Sprintf(", declared %s%d", pl.Usage, pl.Index)
			g.rows[row].declared = fmt.Sprintf("%s%d", pl.Usage, pl.Index)
		}
		u, idx, _ := e.Semantic.D3D9()
		g.boxes = append(g.boxes, svgBox{
			row: row, first: mask.First(), n: mask.Count(), name: e.Name, sem: sem.String(), tip: tip,
			semantic: fmt.Sprintf("%s%d", u, idx), color: u == ir.UsageColor, centroid: e.Centroid(),
			fixed: pl.Role == ir.RolePosition || pl.Role == ir.RolePSize,
		})
	}
	return g
}

// draw writes the panel with its top left corner at x, y.
func (g *svgGrid) draw(b *strings.Builder, x, y int, colour map[string]string) {
	fmt.Fprintf(b, "<g>\n")
	// A heading too long for the panel is cut (whole in its tooltip), so
	// that panels side by side do not overlap.
	fmt.Fprintf(b, `<text x="%d" y="%d" font-size="14" font-weight="bold"><title>%s</title>%s</text>`+"\n", x, y+14,
		esc(g.heading), esc(fitText(g.heading, svgLabelW+4*svgCellW-8, 14, true)))
	gx, gy := x+svgLabelW, y+svgHeadH
	for c, name := range []string{"x", "y", "z", "w"} {
		fmt.Fprintf(b, `<text x="%d" y="%d" text-anchor="middle" fill="#444444">%s</text>`+"\n", gx+c*svgCellW+svgCellW/2, gy-8, name)
	}
	for i, r := range g.rows {
		ry := gy + i*svgRowH
		fill := "#ffffff"
		if r.role != "" {
			fill = "#eeeeee"
		}
		fmt.Fprintf(b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s" stroke="#bbbbbb"/>`+"\n", gx, ry, 4*svgCellW, svgRowH, fill)
		for c := 1; c < 4; c++ {
			fmt.Fprintf(b, `<line x1="%d" y1="%d" x2="%d" y2="%d" stroke="#dddddd"/>`+"\n", gx+c*svgCellW, ry, gx+c*svgCellW, ry+svgRowH)
		}
		label := r.reg.String()
		switch {
		case r.role != "":
			label += " " + r.role
		case r.declared != "":
			label += " " + r.declared
		}
		fmt.Fprintf(b, `<text x="%d" y="%d"><title>%s</title>%s</text>`+"\n", x, ry+svgRowH/2+4, esc(label), esc(fitText(label, svgLabelW-6, svgFontSize, false)))
	}
	for _, bx := range g.boxes {
		bx0, by0 := gx+bx.first*svgCellW+2, gy+bx.row*svgRowH+2
		w, h := bx.n*svgCellW-4, svgRowH-4
		stroke, dash := `stroke="#555555" stroke-width="1"`, ""
		if bx.color {
			stroke = `stroke="#222222" stroke-width="3"`
		}
		if bx.centroid {
			dash = ` stroke-dasharray="5,3"`
		}
		fill := colour[bx.semantic]
		if bx.fixed {
			fill = svgFixedFill
		}
		fmt.Fprintf(b, `<g><title>%s</title><rect x="%d" y="%d" width="%d" height="%d" rx="3" fill="%s" %s%s/>`,
			esc(bx.tip), bx0, by0, w, h, fill, stroke, dash)
		fmt.Fprintf(b, `<text x="%d" y="%d">%s</text></g>`+"\n", bx0+6, by0+h/2+4, esc(boxLabel(bx.name, bx.sem, float64(w-12))))
	}
	b.WriteString("</g>\n")
}

// boxLabel is a box's label, "name : SEMANTIC", cut to width units of
// 12px text: the member's name is cut first, with an ellipsis; the
// semantic and its index, the part that matters, are never cut (the whole
// is in the box's tooltip). A box too narrow for even the semantic shows
// the semantic alone.
func boxLabel(name, sem string, width float64) string {
	full := name + " : " + sem
	if textWidth(full, svgFontSize, false) <= width {
		return full
	}
	tail := " : " + sem
	room := width - textWidth(tail, svgFontSize, false) - textWidth("…", svgFontSize, false)
	r := []rune(name)
	for n := len(r) - 1; n > 0; n-- {
		if textWidth(string(r[:n]), svgFontSize, false) <= room {
			return string(r[:n]) + "…" + tail
		}
	}
	return sem
}

// fitText cuts s, with an ellipsis, to what fits in width units of text of
// size px (bold or not).
func fitText(s string, width float64, size int, bold bool) string {
	if textWidth(s, size, bold) <= width {
		return s
	}
	r := []rune(s)
	ell := textWidth("…", size, bold)
	for n := len(r) - 1; n > 0; n-- {
		if textWidth(string(r[:n]), size, bold)+ell <= width {
			return string(r[:n]) + "…"
		}
	}
	return "…"
}

// textWidth estimates the advance of s in DejaVu Sans (the first font
// the maps ask for; Verdana is about as wide) at size px: per-character widths
// in em from the font's metrics, rounded up, so that an estimate is never
// short (a label must not run past its box). Bold is about a tenth wider.
func textWidth(s string, size int, bold bool) float64 {
	em := 0.0
	for _, c := range s {
		switch {
		case c == 'i' || c == 'j' || c == 'l' || c == '|' || c == '.' || c == ',' || c == ':' || c == ';' || c == '\'' || c == '!' || c == ' ':
			em += 0.34
		case c == 'f' || c == 't' || c == 'r' || c == '(' || c == ')' || c == '[' || c == ']' || c == '/' || c == '-':
			em += 0.44
		case c == 'm' || c == 'w' || c == 'M' || c == 'W' || c == '…' || c == '@':
			em += 1.0
		case strings.ContainsRune("DGHNOQU&%", c):
			em += 0.79
		case c >= 'A' && c <= 'Z', c == '_':
			em += 0.70
		case c >= '0' && c <= '9':
			em += 0.64
		case c < 128:
			em += 0.64
		default:
			em += 0.8
		}
	}
	if bold {
		em *= 1.1
	}
	return em * float64(size)
}

// esc escapes text for XML (by hand: encoding/xml's initialization would
// be paid by every shpack run). What XML 1.0 cannot hold even escaped
// (control characters, invalid UTF-8: a file name may have them) becomes
// U+FFFD.
func esc(s string) string { return xmlEscaper().Replace(XMLText(s)) }

// XMLText replaces what XML 1.0 cannot hold, even escaped, with U+FFFD:
// control characters but tab and line breaks, U+FFFE, U+FFFF and invalid
// UTF-8.
func XMLText(s string) string {
	return strings.Map(func(r rune) rune {
		if r < 0x20 && r != '\t' && r != '\n' && r != '\r' || r == 0xFFFE || r == 0xFFFF {
			return '\uFFFD'
		}
		return r
	}, s)
}

var xmlEscaper = sync.OnceValue(func() *strings.Replacer {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;", "\t", "&#x9;", "\n", "&#xA;", "\r", "&#xD;")
})
