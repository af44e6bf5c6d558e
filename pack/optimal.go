package pack

// Optimal packing: first-fit decreasing per packing class.
//
// For a signature without dynamically indexed arrays every element is a
// one-row item: a contiguous run of w ∈ {1,2,3,4} components inside one
// register, registers of different packing classes never shared. Classes are
// independent, so the optimum is the sum of per-class optima, and each has the
// closed form of ClosedForm (packing-anchors.md §6).
//
// First-fit decreasing reaches it. Items are sorted by width, widest first
// (declaration order breaks ties, so the result is deterministic), and each
// goes to the first register of its class, in opening order, that has a free
// run of its width, at the leftmost such run; otherwise a new register opens.
// Then:
//   - every 4 and every 3 opens a register of its own (no earlier register of
//     the class has a free run of three or more: fours fill theirs, threes
//     leave one component);
//   - twos fill registers pairwise (xy, then zw): they cannot use the single
//     free component a three leaves;
//   - ones first take the free w of each three-register, then the free zw of a
//     lone two, then open registers that they fill four at a time.
//
// Counting registers gives n4 + n3 + ⌈(2·n2 + max(0, n1 − n3))/4⌉, the closed
// form. Tests check this against the formula and against brute force.
//
// Register numbers: POSITION0 is register 0, PSIZE the next, then the general
// registers in the order they were opened.

import (
	"cmp"
	"slices"

	"github.com/shpack/shpack/ir"
)

// Optimal is first-fit decreasing per packing class, provably optimal for
// signatures without dynamically indexed arrays; signatures with them are
// handed to Exact.
type Optimal struct{}

// Name returns "optimal".
func (Optimal) Name() string { return "optimal" }

// Pack implements Strategy.
func (Optimal) Pack(sig *ir.Signature, f *ir.RegisterFile, c ir.Constraints) (*ir.Layout, error) {
	return packWith(Optimal{}, sig, f, c)
}

// packValid packs a problem whose signature is valid.
func (Optimal) packValid(p *problem) (*ir.Layout, error) {
	return optimalOf(p, "optimal")
}

// optimalOf packs p optimally: first-fit decreasing, or the exact search
// when p has indexed arrays.
func optimalOf(p *problem, name string) (*ir.Layout, error) {
	if p.indexed {
		return exact(p, name, defaultNodeBudget)
	}
	return ffd(p).layout(name, specialsFirst)
}

// ffd packs the one-row items of p by first-fit decreasing.
func ffd(p *problem) *state {
	s := newState(p)
	for i := range p.sig.Elements {
		if p.role[i] != ir.RoleGeneral {
			s.special(i)
		}
	}
	order := make([]int, len(p.items))
	for i := range order {
		order[i] = i
	}
	slices.SortStableFunc(order, func(a, b int) int { return cmp.Compare(p.items[b].cols, p.items[a].cols) })
	for _, k := range order {
		it := &p.items[k]
		r, off := s.firstFit(it)
		s.put(it, r, off)
	}
	return s
}
