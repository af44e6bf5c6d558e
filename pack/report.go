package pack

import (
	"errors"
	"slices"

	"gonum.org/v1/gonum/floats"

	"github.com/shpack/shpack/ir"
)

// A Result is how one strategy did on one signature.
type Result struct {
	Strategy         string
	GeneralRegisters int  // general registers used, with no limit
	Fits             bool // within the register budget
	LowerBound       int  // proven lower bound on general registers (-1 unknown)
	Optimal          bool // GeneralRegisters equals LowerBound
	Wasted           int  // 4 × general registers − components used
	PrefixStable     bool // every proper prefix packs identically on its own
	MovedVsFXC       int  // elements whose register or mask differ from fxc's layout
	FXCRegisters     int  // fxc's general registers for the same signature
}

// Evaluate packs sig with every strategy of sts and measures each layout.
// The register budget applies to Fits only: a layout that does not fit still
// reports the registers it needs. An invalid signature gives the
// diagnostics of ir.ValidateSignature and no results.
//
// For a ps_3_0 input signature, whose layout mirrors the vertex packing, the
// metrics are those of the vertex-side packing of its elements.
func Evaluate(sig *ir.Signature, f *ir.RegisterFile, c ir.Constraints, sts []Strategy) ([]Result, error) {
	if errs := ir.ValidateSignature(sig, f, c); len(errs) > 0 {
		return nil, errs
	}
	if f.Mode != ir.ModePacked {
		return nil, errors.New("pack: only packing register files can be compared")
	}
	if f.Profile.Stage == ir.Pixel {
		sig, f, c = vertexView(sig, f, c) // valid: the general inputs of a valid pixel signature
	}
	fxc, err := packValidated(FXC{}, sig, f, c)
	if err != nil && !errors.Is(err, ErrNoFit) {
		return nil, err
	}
	var out []Result
	for _, st := range sts {
		l, packErr := packValidated(st, sig, f, c)
		if packErr != nil && !errors.Is(packErr, ErrNoFit) {
			return nil, packErr
		}
		moved, err := PrefixStability(st, l)
		if err != nil {
			return nil, err
		}
		out = append(out, Result{
			Strategy:         st.Name(),
			GeneralRegisters: l.GeneralRegisters(),
			Fits:             packErr == nil,
			LowerBound:       l.LowerBound,
			Optimal:          l.Optimal(),
			Wasted:           l.WastedComponents(),
			PrefixStable:     moved == 0,
			MovedVsFXC:       Churn(fxc, l),
			FXCRegisters:     fxc.GeneralRegisters(),
		})
	}
	return out, nil
}

// vertexView turns a ps_3_0 input signature into the vertex output it
// mirrors: the elements a vertex shader can output (no VPOS, VFACE,
// POSITION0 or PSIZE), as a partial vs_3_0 output.
func vertexView(sig *ir.Signature, f *ir.RegisterFile, c ir.Constraints) (*ir.Signature, *ir.RegisterFile, ir.Constraints) {
	vs := *sig
	vs.Elements = nil
	vs.Arrays = nil
	for i := range sig.Elements {
		if u, idx, _ := sig.Elements[i].Semantic.D3D9(); f.RoleOf(u, idx) == ir.RoleGeneral {
			e := sig.Elements[i]
			e.Array = -1
			vs.Elements = append(vs.Elements, e)
		}
	}
	return &vs, ir.VS30Out(), ir.Constraints{MixColor: c.MixColor, Budget: c.Budget, Partial: true}
}

// A Summary describes one strategy over a set of signatures.
type Summary struct {
	Strategy     string
	Signatures   int
	Mean         float64 // mean general registers
	Median       float64 // the empirical median (the lower one for an even count)
	Max          int
	AtOptimum    float64 // share of signatures at the proven optimum, 0..1
	Overflows    int     // signatures that do not fit
	SavedVsFXC   int     // general registers saved against fxc, summed
	PrefixStable float64 // share of signatures packed prefix-stably, 0..1
}

// Summarize computes one Summary per strategy from per-signature results
// (each inner slice is one signature's Evaluate output, in the same strategy
// order).
func Summarize(results [][]Result) []Summary {
	if len(results) == 0 {
		return nil
	}
	var out []Summary
	for k := range results[0] {
		s := Summary{Strategy: results[0][k].Strategy, Signatures: len(results)}
		regs := make([]float64, len(results))
		var opt, stable float64
		for i, rs := range results {
			r := rs[k]
			regs[i] = float64(r.GeneralRegisters)
			if r.Optimal {
				opt++
			}
			if r.PrefixStable {
				stable++
			}
			if !r.Fits {
				s.Overflows++
			}
			s.SavedVsFXC += r.FXCRegisters - r.GeneralRegisters
		}
		// gonum's floats, not its stat: stat.Mean is this sum over the
		// count and stat.Quantile(0.5, Empirical) this element, and stat
		// would bring mat, lapack and blas into every shpack process,
		// initialisers and all (issue 30: start-up).
		s.Mean = floats.Sum(regs) / float64(len(regs))
		sorted := slices.Clone(regs)
		slices.Sort(sorted)
		s.Median = sorted[(len(sorted)+1)/2-1]
		s.Max = int(floats.Max(regs))
		s.AtOptimum = opt / float64(len(results))
		s.PrefixStable = stable / float64(len(results))
		out = append(out, s)
	}
	return out
}
