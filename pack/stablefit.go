package pack

import "github.com/shpack/shpack/ir"

// StableFit is the hybrid a build pipeline wants: the prefix-stable layout
// while it fits the register budget (so adding an element at the end never
// moves the others), and the optimal layout only when prefix-stable does not
// fit. Indexed signatures that overflow go to Exact, as with Optimal.
type StableFit struct{}

// Name returns "stable-fit".
func (StableFit) Name() string { return "stable-fit" }

// Pack implements Strategy.
func (StableFit) Pack(sig *ir.Signature, f *ir.RegisterFile, c ir.Constraints) (*ir.Layout, error) {
	return packWith(StableFit{}, sig, f, c)
}

// packValid packs a problem whose signature is valid.
func (StableFit) packValid(p *problem) (*ir.Layout, error) {
	if s := prefixStable(p); len(s.regs) <= p.cons.Limit(p.file) {
		return s.layout("stable-fit", byOpening)
	}
	return optimalOf(p, "stable-fit")
}
