package randpair

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/rogpeppe/go-internal/txtar"
)

// A pair on disk is a txtar archive (a regression case of
// cmd/shpack/testdata/differential, or what a failing run keeps): its
// comment says what the case is about; the file "pair" holds the entry
// points, the values and the flags, one per line:
//
//	seed 7
//	index 12
//	vs VS
//	ps PS0 1.5 -2.25 ... (16 values, rt0.rgba .. rt3.rgba)
//	general 11
//	effect
//	wine
//	wider
//	prepacked
//
// and the pair's files: "source.hlsl" (or "source.fx", an effect), and
// "vs.asm" with "ps0.asm", "ps1.asm", ... A case may have only one of the
// two forms (a failure of one path, reduced).

// Archive returns the pair as a txtar archive with note as its comment.
func (p *Pair) Archive(note string) []byte {
	var b strings.Builder
	fmt.Fprintf(&b, "seed %d\nindex %d\nvs %s\n", p.Seed, p.Index, p.VSEntry)
	for i, e := range p.PSEntries {
		b.WriteString("ps " + e)
		for _, v := range p.Want[i] {
			b.WriteString(" " + strconv.FormatFloat(v, 'g', -1, 64))
		}
		b.WriteString("\n")
	}
	fmt.Fprintf(&b, "general %d\n", p.GeneralRegisters)
	for _, f := range []struct {
		on   bool
		name string
	}{{p.Effect, "effect"}, {p.WineHLSL, "wine"}, {p.WiderReads, "wider"}, {p.Prepacked, "prepacked"}} {
		if f.on {
			b.WriteString(f.name + "\n")
		}
	}
	if note != "" && !strings.HasSuffix(note, "\n") {
		note += "\n"
	}
	a := &txtar.Archive{Comment: []byte(note), Files: []txtar.File{{Name: "pair", Data: []byte(b.String())}}}
	if p.HLSL != "" {
		a.Files = append(a.Files, txtar.File{Name: p.SourceName(), Data: []byte(p.HLSL)})
	}
	if p.VSAsm != "" {
		a.Files = append(a.Files, txtar.File{Name: "vs.asm", Data: []byte(p.VSAsm)})
		for i, s := range p.PSAsm {
			a.Files = append(a.Files, txtar.File{Name: fmt.Sprintf("ps%d.asm", i), Data: []byte(s)})
		}
	}
	return txtar.Format(a)
}

// SourceName is the HLSL form's file name: "source.fx" for an effect,
// "source.hlsl" otherwise.
func (p *Pair) SourceName() string {
	if p.Effect {
		return "source.fx"
	}
	return "source.hlsl"
}

// Parse reads a pair from its archive; the comment is returned as the
// note. Members are not kept in an archive: a parsed pair has none.
func Parse(name string, data []byte) (*Pair, string, error) {
	a := txtar.Parse(data)
	p := &Pair{Name: name, Index: -1}
	files := map[string]string{}
	for _, f := range a.Files {
		files[f.Name] = string(f.Data)
	}
	meta, ok := files["pair"]
	if !ok {
		return nil, "", fmt.Errorf("%s: no file \"pair\"", name)
	}
	for n, line := range strings.Split(meta, "\n") {
		f := strings.Fields(line)
		if len(f) == 0 {
			continue
		}
		bad := func(err error) error { return fmt.Errorf("%s: pair:%d: %q: %v", name, n+1, line, err) }
		var err error
		switch f[0] {
		case "seed":
			if len(f) == 2 {
				p.Seed, err = strconv.ParseUint(f[1], 10, 64)
			}
		case "index":
			if len(f) == 2 {
				p.Index, err = strconv.Atoi(f[1])
			}
		case "vs":
			if len(f) == 2 {
				p.VSEntry = f[1]
			}
		case "ps":
			if len(f) != 18 {
				return nil, "", bad(fmt.Errorf("want an entry and 16 values"))
			}
			p.PSEntries = append(p.PSEntries, f[1])
			var want []float64
			for _, s := range f[2:] {
				v, err := strconv.ParseFloat(s, 64)
				if err != nil {
					return nil, "", bad(err)
				}
				want = append(want, v)
			}
			p.Want = append(p.Want, want)
		case "general":
			if len(f) == 2 {
				p.GeneralRegisters, err = strconv.Atoi(f[1])
			}
		case "effect":
			p.Effect = true
		case "wine":
			p.WineHLSL = true
		case "wider":
			p.WiderReads = true
		case "prepacked":
			p.Prepacked = true
		default:
			err = fmt.Errorf("unknown line")
		}
		if err != nil {
			return nil, "", bad(err)
		}
	}
	p.Overflows = p.GeneralRegisters > 10
	if p.VSEntry == "" || len(p.PSEntries) == 0 {
		return nil, "", fmt.Errorf("%s: pair: needs a vs line and ps lines", name)
	}
	p.HLSL = files[p.SourceName()]
	if s, ok := files["vs.asm"]; ok {
		p.VSAsm = s
		for i := range p.PSEntries {
			ps, ok := files[fmt.Sprintf("ps%d.asm", i)]
			if !ok {
				return nil, "", fmt.Errorf("%s: vs.asm without ps%d.asm", name, i)
			}
			p.PSAsm = append(p.PSAsm, ps)
		}
	}
	if p.HLSL == "" && p.VSAsm == "" {
		return nil, "", fmt.Errorf("%s: neither %s nor vs.asm", name, p.SourceName())
	}
	return p, string(a.Comment), nil
}
