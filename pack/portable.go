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
//     except that a FOG member never names a shared register (MojoShader
//     treats a fog register as a scalar), and a COLOR member (possible with
//     --mix-color) names one only if every other member is a COLOR or FOG
//     (a COLOR register is centroid and flat-shaded on the pixel side).
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
		namer := slices.MinFunc(members, func(a, b int) int {
			if c := cmp.Compare(namePreference(l.Sig, a), namePreference(l.Sig, b)); c != 0 {
				return c
			}
			return cmp.Compare(out.Place[a].Mask.First(), out.Place[b].Mask.First())
		})
		u, idx, _ := l.Sig.Elements[namer].Semantic.D3D9()
		for _, i := range members {
			out.Place[i].Usage, out.Place[i].Index = u, idx
		}
	}
	if err := ir.CheckLayout(&out); err != nil {
		return nil, fmt.Errorf("%s: no portable form of this layout: %v", l.Sig.Name, err)
	}
	return &out, nil
}

// namePreference ranks the members that may name a shared register: any
// usage but COLOR and FOG first, then COLOR, then FOG.
func namePreference(sig *ir.Signature, i int) int {
	switch u, _, _ := sig.Elements[i].Semantic.D3D9(); u {
	case ir.UsageColor:
		return 1
	case ir.UsageFog:
		return 2
	}
	return 0
}
