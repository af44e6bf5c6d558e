package emit

import (
	"bytes"
	"io"

	"github.com/shpack/shpack/ir"
)

// Single prints one layout as shpack FILE prints it, in format: asm, its
// dcl lines; json, its document; svg, its register map, titled after
// mapSource; hlsl, packed HLSL: for the function's outputs vars when they
// are given (HLSLEntry), else for the layout's struct. source names the
// file in JSON and HLSL.
func Single(w io.Writer, format string, l *ir.Layout, source, mapSource string, vars []HLSLVar) error {
	switch format {
	case "json":
		return JSON(w, l, source)
	case "svg":
		title, sub := MapTitles(l, mapSource)
		return RegisterMap(w, title, sub, []MapPanel{{Heading: SideHeading(l.File), Layout: l}}, 0)
	case "hlsl":
		if vars != nil {
			return HLSLEntry(w, l, l.Sig.Name, vars, source)
		}
		return HLSL(w, l, source)
	}
	return Asm(w, l)
}

// Pair prints a linked pair as shpack link prints it, in format: asm,
// the vertex block, a blank line, the pixel block; json, one document
// {"vs": ..., "ps": ...}; svg, the two register maps side by side, titled
// after mapSource. vsSource and psSource name the files in JSON.
func Pair(w io.Writer, format string, vs *ir.Layout, vsSource string, ps *ir.Layout, psSource, mapSource string) error {
	switch format {
	case "json":
		return LinkJSON(w, vs, vsSource, ps, psSource)
	case "svg":
		title, sub := MapTitles(vs, mapSource)
		return RegisterMap(w, title, sub, pairPanels(vs, ps), 2)
	}
	var b bytes.Buffer
	if err := Asm(&b, vs); err != nil {
		return err
	}
	b.WriteByte('\n')
	if err := Asm(&b, ps); err != nil {
		return err
	}
	_, err := w.Write(b.Bytes())
	return err
}

// PairApart prints the two sides of a linked pair as two files, in
// format (asm, json or svg: one layout each).
func PairApart(format string, vs *ir.Layout, vsSource string, ps *ir.Layout, psSource, mapSource string) (vsOut, psOut []byte, err error) {
	var out [2]bytes.Buffer
	panels := pairPanels(vs, ps)
	for i, l := range []*ir.Layout{vs, ps} {
		switch format {
		case "json":
			err = JSON(&out[i], l, []string{vsSource, psSource}[i])
		case "svg":
			title, sub := MapTitles(l, mapSource)
			err = RegisterMap(&out[i], title, sub, panels[i:i+1], 0)
		default:
			err = Asm(&out[i], l)
		}
		if err != nil {
			return nil, nil, err
		}
	}
	return out[0].Bytes(), out[1].Bytes(), nil
}

// pairPanels are the panels of a pair's register map.
func pairPanels(vs, ps *ir.Layout) []MapPanel {
	return []MapPanel{
		{Heading: "vertex shader " + vs.Sig.Name + ": " + SideHeading(vs.File), Layout: vs},
		{Heading: "pixel shader " + ps.Sig.Name + ": " + SideHeading(ps.File), Layout: ps},
	}
}
