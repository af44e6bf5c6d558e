package emit

import (
	"bytes"
	"fmt"
	"io"
)

// The outputs of an effect's linked passes: every pass at once, as one
// text (assembly, JSON or a register map), or as files one pass each.

// Effect writes every pass of an effect in format: "json" the effect
// document (shpack.link.effect/1), "svg" one register map with a row per
// pass (mapSource names the file in its subtitle), otherwise each pass's
// vertex and pixel blocks under a "// technique T, pass P" comment.
func Effect(w io.Writer, format, source, mapSource string, passes []PassLayouts) error {
	switch format {
	case "json":
		return EffectJSON(w, source, passes)
	case "svg":
		title, sub := MapTitles(passes[0].VS, mapSource)
		return RegisterMap(w, title, sub, EffectPanels(passes), 2)
	}
	var b bytes.Buffer
	for i, p := range passes {
		if i > 0 {
			b.WriteByte('\n')
		}
		fmt.Fprintf(&b, "// technique %s, pass %s\n", orUnnamed(p.Technique), orUnnamed(p.Pass))
		if err := Pair(&b, "asm", p.VS, source, p.PS, source, mapSource); err != nil {
			return err
		}
	}
	_, err := w.Write(b.Bytes())
	return err
}

// A PassFile is one file of an effect's passes: its name (see
// PassFileNames, with the extension) and contents.
type PassFile struct {
	Name string
	Data []byte
}

// EffectFiles are the passes' files in format: NAME.json, NAME.svg, or
// NAME.vsh and NAME.psh per pass, NAME from PassFileNames.
func EffectFiles(format, source, mapSource string, passes []PassLayouts) ([]PassFile, error) {
	var out []PassFile
	for i, name := range PassFileNames(passes) {
		p := passes[i]
		var b bytes.Buffer
		switch format {
		case "json":
			if err := LinkJSON(&b, p.VS, source, p.PS, source); err != nil {
				return nil, err
			}
			out = append(out, PassFile{name + ".json", b.Bytes()})
		case "svg":
			title, sub := MapTitles(p.VS, mapSource)
			if err := RegisterMap(&b, title, sub, []MapPanel{
				{Heading: "vertex shader " + p.VS.Sig.Name, Layout: p.VS},
				{Heading: "pixel shader " + p.PS.Sig.Name, Layout: p.PS},
			}, 2); err != nil {
				return nil, err
			}
			out = append(out, PassFile{name + ".svg", b.Bytes()})
		default:
			vs, ps, err := PairApart("asm", p.VS, source, p.PS, source, mapSource)
			if err != nil {
				return nil, err
			}
			out = append(out, PassFile{name + ".vsh", vs}, PassFile{name + ".psh", ps})
		}
	}
	return out, nil
}

// EffectPanels are the register map of an effect's passes: each pass's
// vertex and pixel layouts side by side.
func EffectPanels(passes []PassLayouts) []MapPanel {
	var panels []MapPanel
	for _, p := range passes {
		at := PassHeading(p.Technique, p.Pass)
		panels = append(panels,
			MapPanel{Heading: at + p.VS.Sig.Name + " (" + p.VS.File.Profile.Name + ")", Layout: p.VS},
			MapPanel{Heading: at + p.PS.Sig.Name + " (" + p.PS.File.Profile.Name + ")", Layout: p.PS})
	}
	return panels
}

// PassFileNames names the files of the passes: "T.P", with the technique
// and pass numbered from 1 when unnamed (passes of one unnamed technique
// share its Pos), and the vertex shader added when one pass sets several
// (a shader array).
func PassFileNames(passes []PassLayouts) []string {
	base := make([]string, len(passes))
	count := map[string]int{}
	tnum, pnum := map[string]int{}, 0
	lastTech := "\x00"
	for i, p := range passes {
		t := p.Technique
		if t == "" {
			if _, ok := tnum[p.Pos.String()]; !ok {
				tnum[p.Pos.String()] = len(tnum) + 1
			}
			t = fmt.Sprintf("technique%d", tnum[p.Pos.String()])
		}
		if p.Technique != lastTech {
			pnum, lastTech = 0, p.Technique
		}
		pn := p.Pass
		if pn == "" {
			pnum++
			pn = fmt.Sprintf("pass%d", pnum)
		}
		base[i] = t + "." + pn
		count[base[i]]++
	}
	out := make([]string, len(passes))
	for i, p := range passes {
		out[i] = base[i]
		if count[base[i]] > 1 {
			out[i] += "." + p.VSName
		}
	}
	return out
}

// PassHeading is how a register map names a pass: "technique T, pass P: ",
// "(unnamed)" for a name left out.
func PassHeading(technique, pass string) string {
	return fmt.Sprintf("technique %s, pass %s: ", orUnnamed(technique), orUnnamed(pass))
}

func orUnnamed(s string) string {
	if s == "" {
		return "(unnamed)"
	}
	return s
}
