package driver

import (
	"bufio"
	"bytes"
	"fmt"
	"slices"
	"strings"

	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/pack"
)

// Variants: a shader compiled in several #define permutations.
//
// A variants file names one permutation a line:
//
//	# comment
//	base:
//	fog: -DFOG
//	skinned_fog: -DSKINNED -DFOG -DBONES=64
//
// Each variant preprocesses the file with its definitions (after the
// caller's own -D); the signatures of all variants are packed as one
// family (pack.Family), so a semantic sits at one register, components
// and declared semantic in every variant that has it, and the pixel shader
// of any variant links with the vertex shader of any variant that writes
// what it reads.

// A Variant is one permutation: a name and the definitions it adds.
type Variant struct {
	Name    string
	Defines []string // NAME or NAME=VALUE
	Pos     ir.Pos   // where the variants file names it
}

// ParseVariants reads a variants file (see the package comment above).
// Errors are positioned in it.
func ParseVariants(name string, src []byte) ([]Variant, error) {
	var out []Variant
	var errs ir.ErrorList
	seen := map[string]ir.Pos{}
	sc := bufio.NewScanner(bytes.NewReader(src))
	sc.Buffer(make([]byte, 0, 4096), 1<<20)
	for line := 1; sc.Scan(); line++ {
		text := sc.Text()
		if i := strings.IndexByte(text, '#'); i >= 0 {
			text = text[:i]
		}
		trimmed := strings.TrimSpace(text)
		if trimmed == "" {
			continue
		}
		col := strings.Index(text, trimmed) + 1
		pos := ir.Pos{File: name, Line: line, Col: col}
		vname, rest, ok := strings.Cut(trimmed, ":")
		vname = strings.TrimSpace(vname)
		switch {
		case !ok:
			errs.Add(pos, nil, "a variant is NAME: -DFOO -DBAR=2 (no ':' in %q)", trimmed)
			continue
		case !validVariantName(vname):
			errs.Add(pos, nil, "variant name %q: use letters, digits, '_', '-' and '.' (it names output files)", vname)
			continue
		}
		if prev, dup := seen[vname]; dup {
			errs.Add(pos, nil, "variant %s is named twice (first at %s)", vname, prev)
			continue
		}
		seen[vname] = pos
		v := Variant{Name: vname, Pos: pos}
		fields := strings.Fields(rest)
		for k := 0; k < len(fields); k++ {
			f := fields[k]
			switch {
			case f == "-D" && k+1 < len(fields):
				k++
				v.Defines = append(v.Defines, fields[k])
			case strings.HasPrefix(f, "-D") && len(f) > 2:
				v.Defines = append(v.Defines, f[2:])
			default:
				errs.Add(ir.Pos{File: name, Line: line, Col: col + strings.Index(trimmed, f)}, nil, "variant %s: %q is not a definition (-DNAME or -DNAME=VALUE)", vname, f)
			}
		}
		out = append(out, v)
	}
	if err := sc.Err(); err != nil {
		return nil, ir.ErrorList{&ir.Error{Pos: ir.Pos{File: name}, Msg: fmt.Sprintf("cannot read: %v", err)}}
	}
	if len(errs) > 0 {
		return nil, errs
	}
	if len(out) == 0 {
		return nil, ir.ErrorList{&ir.Error{Pos: ir.Pos{File: name}, Msg: "no variants (one a line: NAME: -DFOO -DBAR=2)"}}
	}
	return out, nil
}

func validVariantName(s string) bool {
	if s == "" {
		return false
	}
	for _, c := range s {
		if !(c == '_' || c == '-' || c == '.' || c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z') {
			return false
		}
	}
	return true
}

// A Selector picks the signature of a unit: a struct, an entry point, or
// the file's default (DefaultSignature) when both are empty.
type Selector struct {
	Struct, Entry string
}

// VariantSignatures preprocesses src once per variant (its definitions
// after pp's) and picks the signature of each for register file f.
// Errors name the variant they happen in.
func VariantSignatures(src Source, pp hlsl.PPOptions, vars []Variant, f *ir.RegisterFile, sel Selector) ([]*ir.Signature, []*hlsl.Unit, error) {
	var sigs []*ir.Signature
	var units []*hlsl.Unit
	var errs ir.ErrorList
	for _, v := range vars {
		opts := pp
		opts.Defines = append(slices.Clone(pp.Defines), v.Defines...)
		u, err := hlsl.ParseFile(src.Name, src.Src, &opts)
		if err == nil {
			var sig *ir.Signature
			sig, err = DefaultSignature(u, f, sel.Struct, sel.Entry)
			if err == nil {
				sigs = append(sigs, sig)
				units = append(units, u)
				continue
			}
		}
		errs = append(errs, inVariant(v, err)...)
	}
	if len(errs) > 0 {
		errs.Sort()
		return nil, nil, errs
	}
	return sigs, units, nil
}

// inVariant prefixes the diagnostics of err with the variant, and notes
// where the variants file defines it.
func inVariant(v Variant, err error) ir.ErrorList {
	errs := ir.Errors(err)
	if errs == nil {
		return ir.ErrorList{&ir.Error{Pos: v.Pos, Msg: fmt.Sprintf("variant %s: %v", v.Name, err)}}
	}
	out := make(ir.ErrorList, len(errs))
	for i, e := range errs {
		c := *e
		c.Msg = "variant " + v.Name + ": " + e.Msg
		c.Notes = append(slices.Clone(e.Notes), ir.Note{Pos: v.Pos, Msg: "variant " + v.Name + " is defined here"})
		out[i] = &c
	}
	return out
}

// VariantLayouts packs the vertex-output signatures of the variants as one
// family (vs_3_0 outputs; see pack.Family), naming the variant in its
// errors.
func VariantLayouts(vars []Variant, sigs []*ir.Signature, c ir.Constraints) (*pack.FamilyLayout, error) {
	labels := make([]string, len(sigs))
	for i, s := range sigs {
		labels[i] = s.Name + " (variant " + vars[i].Name + ")"
	}
	return pack.Family(sigs, labels, ir.VS30Out(), c)
}
