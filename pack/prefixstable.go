package pack

import "github.com/shpack/shpack/ir"

// PrefixStable places elements in declaration order, each at the first fit:
// the lowest register (in opening order) with a free contiguous run, then the
// leftmost such run; a new register when none fits. This is DXC's default
// packing (PackPrefixStable, packing-anchors.md §2).
//
// Placing element k depends only on elements 0..k-1, so any prefix of a
// signature packs identically on its own: a pixel shader that declares a
// prefix of the vertex output links. Registers are numbered in the order they
// are opened, POSITION0 and PSIZE included. (With --indexed arrays,
// POSITION0 and PSIZE are pinned to registers 0 and 1, so the property holds
// for prefixes that include them.)
type PrefixStable struct{}

// Name returns "prefix-stable".
func (PrefixStable) Name() string { return "prefix-stable" }

// Pack implements Strategy.
func (PrefixStable) Pack(sig *ir.Signature, f *ir.RegisterFile, c ir.Constraints) (*ir.Layout, error) {
	return packWith(PrefixStable{}, sig, f, c)
}

// packValid packs a problem whose signature is valid.
func (PrefixStable) packValid(p *problem) (*ir.Layout, error) {
	return prefixStable(p).layout("prefix-stable", byOpening)
}

func prefixStable(p *problem) *state {
	return packInOrder(p, func(s *state, it *item) {
		r, off := s.firstFit(it)
		s.put(it, r, off)
	})
}
