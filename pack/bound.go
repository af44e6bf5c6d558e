package pack

import "github.com/shpack/shpack/ir"

// ClassCounts counts the one-row items of one packing class by width:
// Counts[w] is the number of items with w components (index 0 unused).
type ClassCounts [5]int

// ClosedForm returns the fewest registers that hold the items of one packing
// class when every item is a contiguous run inside one register
// (packing-anchors.md §6):
//
//	OPT = n4 + n3 + ⌈(2·n2 + max(0, n1 − n3)) / 4⌉
//
// Fours and threes cannot share a register with each other or with a two, so
// each takes a register of its own; a three leaves exactly one free component,
// which a one can take; the remaining twos and ones have widths dividing four
// and always tile registers completely (xy|zw, xy|z|w, x|y|z|w).
func ClosedForm(c ClassCounts) int {
	ones := max(0, c[1]-c[3])
	return c[4] + c[3] + (2*c[2]+ones+3)/4
}

// LowerBound returns a proven lower bound on the general registers any valid
// layout of sig in f under c needs. Without indexed arrays it is the optimum
// itself: the sum of ClosedForm over the packing classes. With indexed
// arrays it is the bound of the relaxation that forgets the
// consecutive-register rule, raised to the row count of the tallest block
// of each class (the exact search proves more: Layout.LowerBound). An
// invalid signature gives its ir.ErrorList.
func LowerBound(sig *ir.Signature, f *ir.RegisterFile, c ir.Constraints) (int, error) {
	p, err := newProblem(sig, f, c)
	if err != nil {
		return 0, err
	}
	return lowerBound(p), nil
}

// lowerBound is LowerBound of a prepared problem.
func lowerBound(p *problem) int {
	total := 0
	for _, l := range classify(p) {
		total += l.bound(p)
	}
	return total
}
