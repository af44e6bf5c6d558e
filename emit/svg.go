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
	svgCharW     = 6.6 // average advance of the 12px sans-serif labels
	svgHeadCharW = 8.6 // and of the 14px bold headings
	svgFontSize  = 12
)

// svgPalette are the members' fill colours, given to semantics in order of
// first appearance, so a semantic has one colour in every panel (the VS
// and PS sides of a link, every variant).
var svgPalette = []string{
	"#8dd3c7", "#ffffb3", "#bebada", "#fb8072", "#80b1d3", "#fdb462",
	"#b3de69", "#fccde5", "#bc80bd", "#ccebc5", "#ffed6f", "#a6cee3",
	"#b2df8a", "#fdbf6f", "#cab2d6", "#e5c494",
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
	var grids []svgGrid
	for _, p := range panels {
		g := newSVGGrid(p)
		for _, b := range g.boxes {
			if _, ok := colour[b.semantic]; !ok {
				colour[b.semantic] = svgPalette[len(colour)%len(svgPalette)]
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
	fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="17" font-weight="bold">%s</text>`+"\n", svgMargin, svgMargin+18, esc(title))
	if subtitle != "" {
		fmt.Fprintf(&b, `<text x="%d" y="%d" font-size="13" fill="#444444">%s</text>`+"\n", svgMargin, svgMargin+38, esc(subtitle))
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
	fmt.Fprintf(&b, `<text x="%d" y="%d" fill="#444444">%s</text>`+"\n", svgMargin, y0+4,
		esc("Each box is a member over the components it occupies, one colour per semantic."))
	fmt.Fprintf(&b, `<text x="%d" y="%d" fill="#444444">%s</text>`+"\n", svgMargin, y0+20,
		esc("Heavy border: COLOR (its own class); dashed: centroid. Grey rows: POSITION0, PSIZE."))
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
}

type svgBox struct {
	row, first, n int // row index, first component, components
	label, tip    string
	semantic      string // the colour key
	color         bool   // COLOR class
	centroid      bool
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
		label := e.Name + " : " + sem.String()
		tip := fmt.Sprintf("%s : %s, %s.%s", e.Name, e.Semantic.String(), pl.Reg, mask)
		if l.Cons.Portable && pl.Role == ir.RoleGeneral {
			tip += fmt.Sprintf(", declared %s%d", pl.Usage, pl.Index)
		}
		u, idx, _ := e.Semantic.D3D9()
		g.boxes = append(g.boxes, svgBox{
			row: row, first: mask.First(), n: mask.Count(), label: label, tip: tip,
			semantic: fmt.Sprintf("%s%d", u, idx), color: u == ir.UsageColor, centroid: e.Centroid(),
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
		esc(g.heading), esc(truncateAt(g.heading, svgLabelW+4*svgCellW-8, svgHeadCharW)))
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
		if r.role != "" {
			label += " " + r.role
		}
		fmt.Fprintf(b, `<text x="%d" y="%d">%s</text>`+"\n", x, ry+svgRowH/2+4, esc(label))
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
		fmt.Fprintf(b, `<g><title>%s</title><rect x="%d" y="%d" width="%d" height="%d" rx="3" fill="%s" %s%s/>`,
			esc(bx.tip), bx0, by0, w, h, colour[bx.semantic], stroke, dash)
		fmt.Fprintf(b, `<text x="%d" y="%d">%s</text></g>`+"\n", bx0+6, by0+h/2+4, esc(truncate(bx.label, float64(w-12))))
	}
	b.WriteString("</g>\n")
}

// truncate shortens s to what fits in width units of 12px text, with an
// ellipsis (the whole label is in the box's tooltip).
func truncate(s string, width float64) string { return truncateAt(s, width, svgCharW) }

// truncateAt shortens s to what fits in width units of text whose average
// advance is charW, with an ellipsis.
func truncateAt(s string, width, charW float64) string {
	fit := int(width / charW)
	r := []rune(s)
	if len(r) <= fit {
		return s
	}
	if fit <= 1 {
		return "…"
	}
	return string(r[:fit-1]) + "…"
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
