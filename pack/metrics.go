package pack

import (
	"errors"

	"github.com/shpack/shpack/ir"
)

// Churn counts the elements whose register or mask differ between two
// layouts of the same signature (how much a change of strategy, or of the
// signature, moves things around).
func Churn(a, b *ir.Layout) int {
	n := 0
	for i := range a.Place {
		if i >= len(b.Place) || a.Place[i].Reg != b.Place[i].Reg || a.Place[i].Mask != b.Place[i].Mask {
			n++
		}
	}
	return n
}

// Prefix returns the signature of sig's first k elements, with the indexed
// arrays of c that lie wholly inside it, and the matching constraints
// (Partial set: the prefix need not declare POSITION0). ok is false when the
// cut falls inside an indexed array.
func Prefix(sig *ir.Signature, c ir.Constraints, k int) (pre *ir.Signature, pc ir.Constraints, ok bool) {
	if e := sig.Elements[k-1]; e.Array >= 0 {
		if a := sig.Arrays[e.Array]; a.First+a.Count > k && c.IsIndexed(e.Array) {
			return nil, c, false
		}
	}
	p := *sig
	p.Elements = sig.Elements[:k]
	p.Arrays = nil
	pc = c
	pc.Indexed = nil
	pc.Partial = true
	for i, a := range sig.Arrays {
		if a.First+a.Count > k {
			continue
		}
		if c.IsIndexed(i) {
			pc.Indexed = append(pc.Indexed, len(p.Arrays))
		}
		p.Arrays = append(p.Arrays, a)
	}
	return &p, pc, true
}

// PrefixStability packs every proper prefix of sig on its own with st and
// compares it with the full layout full: moved counts the elements that sit
// elsewhere in some prefix's layout. A layout is prefix-stable when moved is
// 0: a pixel shader that declares any prefix of the vertex output then links.
// Prefixes that cut an indexed array are skipped.
func PrefixStability(st Strategy, full *ir.Layout) (moved int, err error) {
	sig := full.Sig
	movedElem := make([]bool, len(sig.Elements))
	for k := 1; k < len(sig.Elements); k++ {
		pre, pc, ok := Prefix(sig, full.Cons, k)
		if !ok {
			continue
		}
		l, err := st.Pack(pre, full.File, pc)
		if err != nil && !errors.Is(err, ErrNoFit) {
			return 0, err
		}
		for i := range k {
			if l.Place[i].Reg != full.Place[i].Reg || l.Place[i].Mask != full.Place[i].Mask {
				movedElem[i] = true
			}
		}
	}
	for _, m := range movedElem {
		if m {
			moved++
		}
	}
	return moved, nil
}
