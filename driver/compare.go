package driver

import (
	"errors"
	"strings"

	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/pack"
)

// Comparing strategies (shpack compare): every signature of a file that
// Candidates finds, packed by each strategy and measured.

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

// Compare evaluates the signatures of u that sel admits (all with an
// empty selector) with every strategy of sts.
func Compare(u *hlsl.Unit, f *ir.RegisterFile, cons ir.Constraints, sts []pack.Strategy, sel Selector) []Compared {
	var out []Compared
	for _, cand := range Candidates(u, f) {
		if !sel.admits(cand) {
			continue
		}
		out = append(out, evaluate(cand, cand.Name, f, cons, sts))
	}
	return out
}

// CompareSource evaluates the signatures of one source (Compare), or of
// every variant of vars (CompareVariants) when there are some. A source
// that does not parse is one failed entry of kind "file".
func CompareSource(src Source, pp hlsl.PPOptions, vars []Variant, f *ir.RegisterFile, cons ir.Constraints, sts []pack.Strategy, sel Selector) []Compared {
	if len(vars) > 0 {
		return CompareVariants(src, pp, vars, f, cons, sts, sel)
	}
	u, err := hlsl.ParseFile(src.Name, src.Src, &pp)
	if err != nil {
		return []Compared{{Kind: "file", Err: detach(err)}}
	}
	return Compare(u, f, cons, sts, sel)
}

// CompareVariants evaluates the signatures of src in every variant of vars
// (named "NAME [VARIANT]"), and adds to each a "family" result: what the
// variant uses when all variants of the signature share one layout
// (pack.Family), against its own optimum as the bound.
func CompareVariants(src Source, pp hlsl.PPOptions, vars []Variant, f *ir.RegisterFile, cons ir.Constraints, sts []pack.Strategy, sel Selector) []Compared {
	type group struct {
		entries []int // indices in out
		sigs    []*ir.Signature
		labels  []string
	}
	var out []Compared
	var order []string
	groups := map[string]*group{}
	for _, v := range vars {
		o := pp
		o.Defines = append(append([]string{}, pp.Defines...), v.Defines...)
		u, err := hlsl.ParseFile(src.Name, src.Src, &o)
		if err != nil {
			out = append(out, Compared{Kind: "file", Name: "[" + v.Name + "]", Err: detach(err)})
			continue
		}
		for _, cand := range Candidates(u, f) {
			if !sel.admits(cand) {
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
func (s Selector) admits(c Candidate) bool {
	return !(s.Struct != "" && (c.Kind != "struct" || c.Name != s.Struct) ||
		s.Entry != "" && (c.Kind != "function" || c.Name != s.Entry))
}

// evaluate packs one candidate with every strategy, its strings copied.
func evaluate(cand Candidate, name string, f *ir.RegisterFile, cons ir.Constraints, sts []pack.Strategy) Compared {
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
