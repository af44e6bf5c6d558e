package driver

import (
	"errors"
	"slices"
	"strings"

	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/pack"
)

// Comparing strategies (shpack compare): every signature of a file that
// candidates finds, packed by each strategy and measured.

// Compared is one signature compared: what it is, where, each strategy's
// result, or why it could not be compared. Its strings are its own, not
// cut out of the file's text: a caller that keeps every one until it
// reports (compare over thousands of files) keeps no file's text alive.
type Compared struct {
	Kind    string // "struct", "function", or "file" for a file that did not parse
	Name    string
	Pos     ir.Pos
	Results []pack.Result
	Err     error
}

// CompareOptions say what Compare measures.
type CompareOptions struct {
	// Packing's MixColor and Budget constrain every strategy; its
	// Strategy is the one compared when Strategies is empty.
	Packing
	// Strategies are the strategies compared, in order.
	Strategies []pack.Strategy
	// PP preprocesses the source.
	PP hlsl.PPOptions
	// File is the register file packed; nil: vs_3_0 outputs.
	File *ir.RegisterFile
	// Select admits the struct or the function it names; empty: every
	// signature.
	Select Selector
	// Variants, when set, compares the signatures in every permutation
	// (named "NAME [VARIANT]"), and adds to each a "family" result: what
	// the variant uses when all variants of the signature share one layout
	// (pack.Family), against its own optimum as the bound.
	Variants []Variant
}

// Compare evaluates every signature of src that o.Select admits with every
// strategy of o.Strategies: in a file whose techniques compile shaders of
// the file's stage, the outputs of those vertex shaders or the inputs of
// those pixel shaders; otherwise, for vertex outputs, the structs with a
// POSITION0 member and the entry points whose outputs have POSITION0 and
// are not exactly a struct already listed; for pixel inputs, the inputs of
// the functions that return COLORn or SV_Targetn. A source that does not
// parse is one failed entry of kind "file".
func Compare(src Source, o CompareOptions) []Compared {
	if o.File == nil {
		o.File = ir.VS30Out()
	}
	if len(o.Strategies) == 0 {
		o.Strategies = []pack.Strategy{o.strategy()}
	}
	if len(o.Variants) > 0 {
		return compareVariants(src, o)
	}
	pp := o.PP
	u, err := hlsl.ParseFile(src.Name, src.Src, &pp)
	if err != nil {
		return []Compared{{Kind: "file", Err: detach(err)}}
	}
	var out []Compared
	for _, cand := range candidates(u, o.File) {
		if o.Select.admits(cand) {
			out = append(out, evaluate(cand, cand.Name, o.File, o.constraints(), o.Strategies))
		}
	}
	return out
}

// compareVariants is Compare of o.Variants.
func compareVariants(src Source, o CompareOptions) []Compared {
	type group struct {
		entries []int // indices in out
		sigs    []*ir.Signature
		labels  []string
	}
	f, cons, sts := o.File, o.constraints(), o.Strategies
	var out []Compared
	var order []string
	groups := map[string]*group{}
	for _, v := range o.Variants {
		pp := o.PP
		pp.Defines = append(slices.Clone(o.PP.Defines), v.Defines...)
		u, err := hlsl.ParseFile(src.Name, src.Src, &pp)
		if err != nil {
			out = append(out, Compared{Kind: "file", Name: "[" + v.Name + "]", Err: detach(err)})
			continue
		}
		for _, cand := range candidates(u, f) {
			if !o.Select.admits(cand) {
				continue
			}
			c := evaluate(cand, cand.Name+" ["+v.Name+"]", f, cons, sts)
			key := cand.Kind + " " + cand.Name
			if groups[key] == nil {
				groups[key] = &group{}
				order = append(order, key)
			}
			if c.Err == nil {
				g := groups[key]
				g.entries = append(g.entries, len(out))
				g.sigs = append(g.sigs, cand.Sig)
				g.labels = append(g.labels, c.Name)
			}
			out = append(out, c)
		}
	}
	for _, key := range order {
		g := groups[key]
		if len(g.sigs) == 0 {
			continue
		}
		fc := cons
		fc.Budget = 32 // measure what the family needs; Fits says whether it fits
		fl, err := pack.Family(g.sigs, g.labels, f, fc)
		if err != nil {
			for _, i := range g.entries {
				out[i].Err = detach(err)
			}
			continue
		}
		for k, i := range g.entries {
			l := fl.Layouts[k]
			out[i].Results = append(out[i].Results, pack.Result{
				Strategy: "family", GeneralRegisters: l.GeneralRegisters(), Fits: l.GeneralRegisters() <= cons.Limit(f),
				LowerBound: fl.Own[k], Optimal: l.GeneralRegisters() == fl.Own[k], Wasted: l.WastedComponents(),
				FXCRegisters: out[i].Results[0].FXCRegisters,
			})
		}
	}
	return out
}

// admits says whether the selector takes candidate c: a struct by name, a
// function by name, or anything when empty.
func (s Selector) admits(c candidate) bool {
	return !(s.Struct != "" && (c.Kind != "struct" || c.Name != s.Struct) ||
		s.Entry != "" && (c.Kind != "function" || c.Name != s.Entry))
}

// evaluate packs one candidate with every strategy, its strings copied.
func evaluate(cand candidate, name string, f *ir.RegisterFile, cons ir.Constraints, sts []pack.Strategy) Compared {
	pos := cand.Pos
	pos.File = strings.Clone(pos.File)
	c := Compared{Kind: cand.Kind, Name: strings.Clone(name), Pos: pos, Err: detach(cand.Err)}
	if c.Err == nil {
		c.Results, c.Err = pack.Evaluate(cand.Sig, f, cons, sts)
		c.Err = detach(c.Err)
	}
	return c
}

// detach returns err as its text alone: a diagnostic can hold positions
// and notes whose strings are cut out of a file's text.
func detach(err error) error {
	if err == nil {
		return nil
	}
	return errors.New(strings.Clone(err.Error()))
}
