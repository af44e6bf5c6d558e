package ir

import (
	"fmt"
	"strings"
)

// ValidateSignature reports every element of sig that cannot be declared in
// the register file f, each positioned at the element: semantics with no
// Direct3D 9 usage, usage indices past 15, semantics used twice after array
// expansion (fxc's X4503), types no interpolator carries, POSITION0 and PSIZE
// of the wrong size, modifiers Direct3D 9 cannot express, and a vs_3_0 output
// without POSITION0. It does not count registers: whether a signature fits is
// the packer's question.
func ValidateSignature(sig *Signature, f *RegisterFile, c Constraints) ErrorList {
	var errs ErrorList
	// first[u][idx] is 1 + the element that declared usage u with index idx.
	var first [numUsages][MaxUsageIndex + 1]int32
	positions, psizes := 0, 0
	vsOut := f.Profile.Stage == Vertex && f.Dir == Out
	for i := range sig.Elements {
		e := &sig.Elements[i]
		add := func(format string, args ...any) { errs.Add(e.Pos, e.Include, format, args...) }
		u, idx, ok := e.Semantic.D3D9()
		switch {
		case !ok && e.Semantic.IsSystemValue():
			add("%s: system value %s has no Direct3D 9 equivalent for %s (only SV_Position, SV_Target, SV_Depth and SV_IsFrontFace map to Direct3D 9)",
				e.Name, e.Semantic.Name, f.Profile.Name)
			continue
		case !ok:
			add("%s: semantic %s is not a Direct3D 9 usage (TEXCOORD0..15 carry user data)", e.Name, e.Semantic.Name)
			continue
		case !u.IsDecl() && vsOut:
			add("%s: %s is a pixel shader input; a vertex shader cannot output it", e.Name, u)
			continue
		case u == UsagePositionT && vsOut:
			add("%s: POSITIONT marks pre-transformed vertex input; a vertex shader outputs POSITION0", e.Name)
			continue
		}
		if idx > MaxUsageIndex {
			add("%s: %s%d: usage index out of range 0..%d", e.Name, u, idx, MaxUsageIndex)
			continue
		}
		if e.Type == TypeDouble {
			add("%s: double has no Direct3D 9 interpolator (use float)", e.Name)
		}
		if m := e.Mods & (ModNoInterpolation | ModNoPerspective | ModSample); m != 0 {
			add("%s: %s has no Direct3D 9 equivalent (Direct3D 9 interpolates linearly, with centroid as the only option)", e.Name, m)
		}
		if e.Components < 1 || e.Components > 4 {
			add("%s: %d components do not fit in a register", e.Name, e.Components)
			continue
		}
		if j := int(first[u][idx]) - 1; j >= 0 {
			other := &sig.Elements[j]
			err := Errorf(e.Pos, e.Include, "%s: %s %s%d used more than once", e.Name, f.Dir.word(), u, idx)
			err.Notes = append(err.Notes, Note{Pos: other.Pos, Msg: fmt.Sprintf("%s%d is also declared by %s", u, idx, other.Name)})
			errs = append(errs, err)
			continue
		}
		first[u][idx] = int32(i + 1)
		switch f.RoleOf(u, idx) {
		case RolePosition:
			positions++
			if e.Components != 4 {
				add("%s: POSITION0 must have four components (float4), has %d", e.Name, e.Components)
			}
		case RolePSize:
			psizes++
			if e.Components != 1 {
				add("%s: PSIZE must be a scalar (float), has %d components", e.Name, e.Components)
			}
			if psizes > 1 {
				add("%s: only one PSIZE output is allowed", e.Name)
			}
		}
	}
	if vsOut && f.Profile.Major == 3 && positions == 0 && len(errs) == 0 && !c.Partial {
		errs.Add(sig.Pos, sig.Include, "%s has no POSITION0 %s: a vs_3_0 output must declare the position", sig.Name, sig.memberWord())
	}
	for _, a := range c.Indexed {
		if a < 0 || a >= len(sig.Arrays) {
			continue
		}
		arr := sig.Arrays[a]
		for k := arr.First; k < arr.First+arr.Count; k++ {
			e := &sig.Elements[k]
			if u, idx, ok := e.Semantic.D3D9(); ok && f.RoleOf(u, idx) != RoleGeneral {
				errs.Add(arr.Pos, e.Include, "%s: an array indexed dynamically cannot hold %s%d", arr.Name, u, idx)
				break
			}
		}
	}
	return errs
}

func (d Direction) word() string {
	if d == In {
		return "input"
	}
	return "output"
}

func (s *Signature) memberWord() string {
	if s.Kind == "function" {
		return "output"
	}
	return "member"
}

// ElementList joins element names for messages: "a, b, c".
func ElementList(sig *Signature, idx []int) string {
	names := make([]string, len(idx))
	for i, k := range idx {
		names[i] = sig.Elements[k].Name
	}
	return strings.Join(names, ", ")
}
