package pack

import "github.com/shpack/shpack/ir"

// FXC gives every semantic a register of its own, in declaration order, with
// its components starting at x: what Microsoft's compiler does for SM3
// (packing-anchors.md §1). Registers are numbered in declaration order,
// POSITION0 and PSIZE included. It is the baseline the other strategies are
// measured against.
type FXC struct{}

// Name returns "fxc".
func (FXC) Name() string { return "fxc" }

// Pack implements Strategy.
func (FXC) Pack(sig *ir.Signature, f *ir.RegisterFile, c ir.Constraints) (*ir.Layout, error) {
	return packWith(FXC{}, sig, f, c)
}

// packValid packs a problem whose signature is valid.
func (FXC) packValid(p *problem) (*ir.Layout, error) {
	s := packInOrder(p, func(s *state, it *item) { s.put(it, len(s.regs), 0) })
	return s.layout("fxc", byOpening)
}
