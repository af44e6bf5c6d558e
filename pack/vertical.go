package pack

import "github.com/shpack/shpack/ir"

// Vertical places elements in declaration order. Among the open registers of
// the element's class that have a free contiguous run long enough, it takes
// the one with the most free components (the earliest opened on ties) at its
// lowest free run, else it opens a new register. This is vkd3d's rule
// ("prioritize smaller writemasks"), which reproduces fxc's SM4 layouts, whose
// column-first scan fills registers "vertically" (packing-anchors.md §1, §3).
// Indexed arrays take the first run of registers where they fit. Registers
// are numbered in the order they are opened, POSITION0 and PSIZE included.
type Vertical struct{}

// Name returns "vertical".
func (Vertical) Name() string { return "vertical" }

// Pack implements Strategy.
func (Vertical) Pack(sig *ir.Signature, f *ir.RegisterFile, c ir.Constraints) (*ir.Layout, error) {
	return packWith(Vertical{}, sig, f, c)
}

// packValid packs a problem whose signature is valid.
func (Vertical) packValid(p *problem) (*ir.Layout, error) {
	s := packInOrder(p, func(s *state, it *item) {
		if it.rows() > 1 {
			r, off := s.firstFit(it)
			s.put(it, r, off)
			return
		}
		best, bestOff, bestFree := -1, 0, -1
		for r, rs := range s.regs {
			if rs.class != it.class {
				continue
			}
			free := 4 - rs.used.Count()
			if free <= bestFree {
				continue
			}
			if off := leftmostRun[rs.used][it.cols]; off >= 0 {
				best, bestOff, bestFree = r, int(off), free
			}
		}
		if best < 0 {
			best, bestOff = len(s.regs), 0
		}
		s.put(it, best, bestOff)
	})
	return s.layout("vertical", byOpening)
}
