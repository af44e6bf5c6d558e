package emit

import (
	"bytes"
	"fmt"
	"io"
	"strings"
)

// The outputs of --variants: every variant's layouts at once, as one text
// (assembly blocks, JSON or a register map) or as files one variant each.

// A Family is what the variants share: the general registers of the
// largest in the family layout, the lower bound, and whether it is
// proven optimal (pack.FamilyLayout).
type Family struct {
	Largest, LowerBound int
	Optimal             bool
}

// Variants writes every variant's layouts in format: "json" one document
// (shpack.variants/1), "svg" one register map with a row per variant,
// otherwise assembly, a block (or a vertex and pixel pair) per variant
// under a "// variant NAME: -D..." comment.
func Variants(w io.Writer, format, source string, fam Family, vl []VariantLayouts) error {
	switch format {
	case "json":
		return VariantsJSON(w, source, fam.Largest, fam.LowerBound, fam.Optimal, vl)
	case "svg":
		return VariantsMap(w, source, fam, vl)
	}
	var b bytes.Buffer
	for i, v := range vl {
		if i > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "// variant %s:", v.Name)
		for _, d := range v.Defines {
			fmt.Fprintf(&b, " -D%s", d)
		}
		b.WriteByte('\n')
		if err := variantAsm(&b, v); err != nil {
			return err
		}
	}
	_, err := w.Write(b.Bytes())
	return err
}

// A VariantFile is one file of a variant: the suffix after BASE.VARIANT
// (".json", ".svg", ".vsh", ".psh") and its contents.
type VariantFile struct {
	Suffix string
	Data   []byte
}

// VariantFiles are variant v's files in format: its JSON document or
// register map, or its assembly (a .vsh, and a .psh for a linked pair).
func VariantFiles(format, source string, fam Family, v VariantLayouts) ([]VariantFile, error) {
	var b bytes.Buffer
	switch {
	case format == "json":
		err := VariantsJSON(&b, source, fam.Largest, fam.LowerBound, fam.Optimal, []VariantLayouts{v})
		return []VariantFile{{".json", b.Bytes()}}, err
	case format == "svg":
		err := VariantsMap(&b, source, fam, []VariantLayouts{v})
		return []VariantFile{{".svg", b.Bytes()}}, err
	case v.Layout != nil:
		err := Asm(&b, v.Layout)
		return []VariantFile{{".vsh", b.Bytes()}}, err
	}
	var pb bytes.Buffer
	if err := Asm(&b, v.VS); err != nil {
		return nil, err
	}
	err := Asm(&pb, v.PS)
	return []VariantFile{{".vsh", b.Bytes()}, {".psh", pb.Bytes()}}, err
}

func variantAsm(b *bytes.Buffer, v VariantLayouts) error {
	if v.Layout != nil {
		return Asm(b, v.Layout)
	}
	if err := Asm(b, v.VS); err != nil {
		return err
	}
	b.WriteByte('\n')
	return Asm(b, v.PS)
}

// VariantsMap draws the variants' layouts as one register map: a row per
// variant (its vertex and pixel sides next to each other for a linked
// pair), so the placement they share shows, a semantic in one colour
// throughout.
func VariantsMap(w io.Writer, source string, fam Family, vl []VariantLayouts) error {
	var panels []MapPanel
	columns := 1
	name := ""
	for _, v := range vl {
		defs := ""
		if len(v.Defines) > 0 {
			defs = ": -D" + strings.Join(v.Defines, " -D")
		}
		if v.Layout != nil {
			name = v.Layout.Sig.Name
			panels = append(panels, MapPanel{Heading: fmt.Sprintf("variant %s (%d registers; alone %d)%s", v.Name, v.Layout.GeneralRegisters(), v.Own, defs), Layout: v.Layout})
			continue
		}
		name, columns = v.VS.Sig.Name, 2
		panels = append(panels,
			MapPanel{Heading: fmt.Sprintf("variant %s, %s (%d registers; alone %d)%s", v.Name, v.VS.Sig.Name, v.VS.GeneralRegisters(), v.Own, defs), Layout: v.VS},
			MapPanel{Heading: fmt.Sprintf("variant %s, %s%s", v.Name, v.PS.Sig.Name, defs), Layout: v.PS})
	}
	opt := ""
	if fam.Optimal {
		opt = " (optimal)"
	}
	title := fmt.Sprintf("%s: %d variants share one layout", name, len(vl))
	sub := fmt.Sprintf("%s; largest %d general registers, lower bound %d%s", source, fam.Largest, fam.LowerBound, opt)
	return RegisterMap(w, title, sub, panels, columns)
}
