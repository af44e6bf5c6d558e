// Package chart draws the picture of "shpack compare --chart": what a
// reader of a strategy comparison wants at a glance, per strategy, as
// horizontal bars with their numbers written out: the general registers
// it needs over the whole corpus, the signatures on which it needs more
// than the best strategy (and how many registers more), and the
// signatures that do not fit (and how many of fxc's overflows it
// rescues). One figure model is written as SVG 1.1 or drawn into a PNG
// with the Go fonts, so shpack needs no companion program and no plotting
// library: the figure is a few dozen rectangles and lines of text.
package chart

import (
	"bytes"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/shpack/shpack/emit"
	"github.com/shpack/shpack/internal/report"
)

// Figure is a chart as shapes in pixel coordinates.
type Figure struct {
	W, H   int
	shapes []shape
}

type shape struct {
	text             string // "" for a rectangle
	x, y, w, h       int    // a rectangle; for text, x and the baseline y
	fill             string // "#rrggbb"
	size             int    // text size in pixels
	bold, end, faint bool   // text weight, right-aligned, grey
}

// Geometry, in pixels.
const (
	width    = 960
	margin   = 24
	labelW   = 130 // strategy names, left of the bars
	valueW   = 300 // the numbers, right of the longest bar
	barH     = 22
	rowH     = 30
	sectionH = 40 // a section's heading
)

// barColors are the strategies' colours, in the order compared.
var barColors = []string{"#4e79a7", "#f28e2b", "#59a14f", "#e15759", "#76b7b2", "#edc948", "#b07aa1", "#9c755f"}

// stats is what the figure says of one strategy.
type stats struct {
	name                    string
	total, lost, excess     int
	overflows, rescued      int
	signatures, fxcOverflow int
}

// compute derives each strategy's figures from the comparison: totals over
// the signatures every strategy packed, losses against the best strategy
// on each signature, overflows, and fxc's overflows it fits.
func compute(r report.Compare) []stats {
	var out []stats
	index := map[string]int{}
	for _, s := range r.Summary {
		index[s.Strategy] = len(out)
		out = append(out, stats{name: s.Strategy})
	}
	for _, sig := range r.Signatures {
		best, fxcFits := -1, true
		for _, res := range sig.Results {
			if best < 0 || res.GeneralRegisters < best {
				best = res.GeneralRegisters
			}
			if res.Strategy == "fxc" {
				fxcFits = res.Fits
			}
		}
		for _, res := range sig.Results {
			i, ok := index[res.Strategy]
			if !ok {
				index[res.Strategy] = len(out)
				i = len(out)
				out = append(out, stats{name: res.Strategy})
			}
			st := &out[i]
			st.signatures++
			st.total += res.GeneralRegisters
			if res.GeneralRegisters > best {
				st.lost++
				st.excess += res.GeneralRegisters - best
			}
			if !res.Fits {
				st.overflows++
			} else if !fxcFits {
				st.rescued++
			}
			if !fxcFits {
				st.fxcOverflow++
			}
		}
	}
	if len(r.Signatures) == 0 { // a summary only: totals from the means
		for i, s := range r.Summary {
			out[i].signatures = s.Signatures
			out[i].total = int(s.Mean*float64(s.Signatures) + 0.5)
			out[i].overflows = s.Overflows
		}
	}
	return out
}

// Compare lays out the chart of the comparison r, titled title.
func Compare(r report.Compare, title string) *Figure {
	st := compute(r)
	f := &Figure{W: width}
	y := margin + 22
	f.text(margin, y, title, 20, true, false, false)
	n := 0
	if len(st) > 0 {
		n = st[0].signatures
	}
	y += 24
	f.text(margin, y, fmt.Sprintf("%s signatures compared, %s could not be", group(n), group(len(r.Failures))), 14, false, false, true)
	y += 16

	section := func(heading, note string, value func(s stats) int, label func(s stats) string) {
		y += sectionH
		f.text(margin, y-12, heading, 16, true, false, false)
		if note != "" {
			f.text(width-margin, y-12, note, 13, false, true, true)
		}
		top := 0
		for _, s := range st {
			top = max(top, value(s))
		}
		barMax := width - 2*margin - labelW - valueW
		for i, s := range st {
			f.text(margin+labelW-10, y+barH-6, s.name, 14, false, true, false)
			w := 0
			if top > 0 {
				w = value(s) * barMax / top
			}
			if value(s) > 0 {
				w = max(w, 2)
			}
			if w > 0 {
				f.rect(margin+labelW, y, w, barH, barColors[i%len(barColors)])
			}
			f.text(margin+labelW+w+8, y+barH-6, label(s), 14, false, false, false)
			y += rowH
		}
	}
	fxc := -1
	for _, s := range st {
		if s.name == "fxc" {
			fxc = s.total
		}
	}
	section("General registers over all signatures", "fewer is better",
		func(s stats) int { return s.total },
		func(s stats) string {
			if fxc < 0 || s.name == "fxc" || s.total == fxc {
				return group(s.total)
			}
			if s.total < fxc {
				return fmt.Sprintf("%s (%s fewer than fxc)", group(s.total), group(fxc-s.total))
			}
			return fmt.Sprintf("%s (%s more than fxc)", group(s.total), group(s.total-fxc))
		})
	section("Signatures where it needs more than the best strategy", "",
		func(s stats) int { return s.lost },
		func(s stats) string {
			if s.lost == 0 {
				return "none: at the best on every one"
			}
			return fmt.Sprintf("%s (%s registers more)", group(s.lost), group(s.excess))
		})
	section("Signatures that do not fit the register file", "",
		func(s stats) int { return s.overflows },
		func(s stats) string {
			msg := group(s.overflows)
			if s.overflows == 0 {
				msg = "none"
			}
			if s.name != "fxc" && s.fxcOverflow > 0 {
				msg += fmt.Sprintf("; fits %s of fxc's %s", group(s.rescued), group(s.fxcOverflow))
			}
			return msg
		})
	f.H = y + margin
	return f
}

func (f *Figure) text(x, y int, s string, size int, bold, end, faint bool) {
	f.shapes = append(f.shapes, shape{text: s, x: x, y: y, size: size, bold: bold, end: end, faint: faint})
}

func (f *Figure) rect(x, y, w, h int, fill string) {
	f.shapes = append(f.shapes, shape{x: x, y: y, w: w, h: h, fill: fill})
}

// group writes n with thousands separators ("12,345").
func group(n int) string {
	s := fmt.Sprint(n)
	for i := len(s) - 3; i > 0 && s[i-1] != '-'; i -= 3 {
		s = s[:i] + "," + s[i:]
	}
	return s
}

// SVG writes the figure as an SVG 1.1 document.
func (f *Figure) SVG() []byte {
	var b bytes.Buffer
	fmt.Fprintf(&b, `<?xml version="1.0" encoding="UTF-8"?>
<svg xmlns="http://www.w3.org/2000/svg" version="1.1" width="%d" height="%d" viewBox="0 0 %d %d" font-family="Go, DejaVu Sans, Verdana, sans-serif">
<rect x="0" y="0" width="%d" height="%d" fill="#ffffff"/>
`, f.W, f.H, f.W, f.H, f.W, f.H)
	for _, s := range f.shapes {
		if s.text == "" {
			fmt.Fprintf(&b, `<rect x="%d" y="%d" width="%d" height="%d" fill="%s"/>`+"\n", s.x, s.y, s.w, s.h, s.fill)
			continue
		}
		attrs := fmt.Sprintf(`x="%d" y="%d" font-size="%d"`, s.x, s.y, s.size)
		if s.bold {
			attrs += ` font-weight="bold"`
		}
		if s.end {
			attrs += ` text-anchor="end"`
		}
		if s.faint {
			attrs += ` fill="#555555"`
		}
		fmt.Fprintf(&b, "<text %s>%s</text>\n", attrs, xmlEscaper().Replace(emit.XMLText(s.text)))
	}
	b.WriteString("</svg>\n")
	return b.Bytes()
}

// PNG draws the figure into a PNG image with the Go fonts.
func (f *Figure) PNG() ([]byte, error) {
	img := image.NewRGBA(image.Rect(0, 0, f.W, f.H))
	draw.Draw(img, img.Bounds(), image.White, image.Point{}, draw.Src)
	regular, err := opentype.Parse(goregular.TTF)
	if err != nil {
		return nil, err
	}
	bold, err := opentype.Parse(gobold.TTF)
	if err != nil {
		return nil, err
	}
	faces := map[[2]int]font.Face{}
	face := func(size int, isBold bool) (font.Face, error) {
		k := [2]int{size, 0}
		if isBold {
			k[1] = 1
		}
		if fc, ok := faces[k]; ok {
			return fc, nil
		}
		ft := regular
		if isBold {
			ft = bold
		}
		fc, err := opentype.NewFace(ft, &opentype.FaceOptions{Size: float64(size), DPI: 72, Hinting: font.HintingFull})
		faces[k] = fc
		return fc, err
	}
	for _, s := range f.shapes {
		if s.text == "" {
			draw.Draw(img, image.Rect(s.x, s.y, s.x+s.w, s.y+s.h), image.NewUniform(hex(s.fill)), image.Point{}, draw.Src)
			continue
		}
		fc, err := face(s.size, s.bold)
		if err != nil {
			return nil, err
		}
		ink := color.Color(color.Black)
		if s.faint {
			ink = hex("#555555")
		}
		d := font.Drawer{Dst: img, Src: image.NewUniform(ink), Face: fc}
		x := fixed.I(s.x)
		if s.end {
			x -= d.MeasureString(s.text)
		}
		d.Dot = fixed.Point26_6{X: x, Y: fixed.I(s.y)}
		d.DrawString(s.text)
	}
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		return nil, err
	}
	return b.Bytes(), nil
}

// xmlEscaper escapes text for XML (encoding/xml's initialization would be
// paid by every shpack run).
var xmlEscaper = sync.OnceValue(func() *strings.Replacer {
	return strings.NewReplacer("&", "&amp;", "<", "&lt;", ">", "&gt;", `"`, "&#34;", "'", "&#39;")
})

// hex parses "#rrggbb".
func hex(s string) color.RGBA {
	var r, g, b uint8
	fmt.Sscanf(s, "#%02x%02x%02x", &r, &g, &b)
	return color.RGBA{r, g, b, 255}
}
