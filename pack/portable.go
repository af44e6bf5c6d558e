package pack

// Portable layouts.
//
// Microsoft's rules let one register be declared several times with
// disjoint masks, one semantic each (dcl_texcoord0 o1.xy, dcl_texcoord1
// o1.zw). Native drivers honour that, but Wine's wined3d, DXVK up to 2.7.1
// and MojoShader keep one semantic per register and silently read zeros for
// the rest (sm3-signatures.md §10, measured with d3d9-render-check). The
// layout that works everywhere packs by merging instead: a register is
// declared once, with the full mask, under the semantic of one member, and
// the other members simply live in its other components. Both stages must
// then use the same map, which the JSON records as declared_as.
//
// Portable keeps every member's register and components and only renames:
//   - a register whose lowest used component is not x is shifted down so it
//     is (DXVK moves a declaration's components to the front of its slot),
//     unless it holds rows of a dynamically indexed array, whose rows must
//     keep one component offset (the full-mask declaration still starts at
//     x, so nothing is moved by the runtime);
//   - the register is named after the member at its lowest component,
//     except that a FOG member never names one (MojoShader's GLSL path
//     makes a FOG register a scalar and cannot link it to a pixel shader,
//     even a FOG alone; in vs_3_0 FOG is an ordinary varying, so nothing
//     else changes), and a COLOR member (possible with --mix-color) names
//     one only if every member is a COLOR (MojoShader clamps COLOR to
//     [0, 1]; a pixel shader reads COLOR at the centroid, flat-shaded); a
//     register no member may name is declared under the lowest TEXCOORD
//     index no member uses (past TEXCOORD15, another generic usage).
//   - with Constraints.TexcoordNames every general register is declared
//     TEXCOORD0, TEXCOORD1, ... in register order instead.
// The register count is the packing's own, so every strategy keeps its
// optimum.

import (
	"cmp"
	"fmt"
	"slices"

	"github.com/shpack/shpack/ir"
)

// Portable returns the portable form of a layout of a packing register file
// (see the file comment). It reports an error when shifting a register would
// break a dynamically indexed array's alignment.
func Portable(l *ir.Layout) (*ir.Layout, error) {
	out := *l
	out.Place = slices.Clone(l.Place)
	out.Cons.Portable = true
	order, regs := out.GeneralMembers()
	indexedArray := l.Cons.IndexedArrays(l.Sig)
	for _, r := range order {
		members := regs[r]
		lowest, pinned := 4, false
		for _, i := range members {
			lowest = min(lowest, out.Place[i].Mask.First())
			pinned = pinned || indexedArray[i] >= 0
		}
		if !pinned { // an indexed array's rows keep their common offset
			for _, i := range members {
				out.Place[i].Mask >>= uint(lowest)
			}
		}
	}
	names, err := registerNames(l.Sig, order, regs, out.Place, out.Cons.TexcoordNames)
	if err != nil {
		return nil, err
	}
	for k, r := range order {
		for _, i := range regs[r] {
			out.Place[i].Usage, out.Place[i].Index = names[k].u, names[k].idx
		}
	}
	if err := ir.CheckLayout(&out); err != nil {
		return nil, fmt.Errorf("%s: no portable form of this layout: %v", l.Sig.Name, err)
	}
	return &out, nil
}

// A usageIndex is a declared semantic.
type usageIndex struct {
	u   ir.Usage
	idx int
}

// registerNames chooses the semantic each general register of a portable
// layout is declared with (see the file comment): regs[order[k]] are the
// elements of sig in register k, place their placements.
func registerNames(sig *ir.Signature, order []ir.Reg, regs map[ir.Reg][]int, place []ir.Placement, texcoords bool) ([]usageIndex, error) {
	names := make([]usageIndex, len(order))
	if texcoords {
		sorted := slices.Clone(order)
		slices.SortFunc(sorted, func(a, b ir.Reg) int { return cmp.Compare(a.Num, b.Num) })
		for k, r := range order {
			names[k] = usageIndex{ir.UsageTexCoord, slices.Index(sorted, r)}
		}
		return names, texcoordLimit(sig.Name, len(order))
	}
	used := map[usageIndex]bool{}
	for i := range sig.Elements {
		u, idx, _ := sig.Elements[i].Semantic.D3D9()
		used[usageIndex{u, idx}] = true
	}
	var free []int // registers no member may name
	for k, r := range order {
		members := regs[r]
		usages := make([]ir.Usage, len(members))
		for j, i := range members {
			usages[j], _, _ = sig.Elements[i].Semantic.D3D9()
		}
		namer := -1
		for j, i := range members {
			if !mayName(usages[j], usages) {
				continue
			}
			if namer < 0 || place[i].Mask.First() < place[namer].Mask.First() {
				namer = i
			}
		}
		if namer < 0 {
			free = append(free, k)
			continue
		}
		u, idx, _ := sig.Elements[namer].Semantic.D3D9()
		names[k] = usageIndex{u, idx}
	}
	for _, k := range free {
		n, ok := freeName(used)
		if !ok {
			return nil, fmt.Errorf("%s: no semantic is free to declare a register that holds only FOG and COLOR members (give it --semantics=texcoord)", sig.Name)
		}
		names[k] = n
	}
	return names, nil
}

// freeName takes the first semantic no element uses, TEXCOORD0 to 15
// first, then other generic usages (ir.GenericUsages), and marks it used.
func freeName(used map[usageIndex]bool) (usageIndex, bool) {
	for _, u := range ir.GenericUsages() {
		for idx := range 16 {
			if n := (usageIndex{u, idx}); !used[n] {
				used[n] = true
				return n, true
			}
		}
	}
	return usageIndex{}, false
}

// mayName reports whether a member of usage u may name a register whose
// members have usages all: never FOG nor PSIZE, not COLOR unless every
// member is a COLOR.
func mayName(u ir.Usage, all []ir.Usage) bool {
	switch u {
	case ir.UsageFog, ir.UsagePSize:
		return false
	case ir.UsageColor:
		for _, o := range all {
			if o != ir.UsageColor {
				return false
			}
		}
	}
	return true
}

// texcoordLimit says whether n registers can be declared TEXCOORD0 ..
// TEXCOORDn-1: a usage index is at most 15.
func texcoordLimit(name string, n int) error {
	if n > 16 {
		return fmt.Errorf("%s: %d general registers cannot all be declared TEXCOORD (indices 0 to 15)", name, n)
	}
	return nil
}
