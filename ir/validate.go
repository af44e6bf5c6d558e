package ir

import (
	"fmt"
	"strconv"
)

// ValidateSignature reports every element of sig that cannot be declared in
// the register file f, each positioned at the element: semantics with no
// Direct3D 9 usage (or none on this side of this profile), usage indices past
// 15, semantics used twice after array expansion (fxc's X4503), types no
// interpolator carries, POSITION0, PSIZE, VPOS, VFACE, colors and depth of
// the wrong size, modifiers Direct3D 9 cannot express, a vertex output
// without POSITION0, and pixel color outputs with gaps. It does not count
// general registers: whether a packed signature fits is the packer's
// question.
func ValidateSignature(sig *Signature, f *RegisterFile, c Constraints) ErrorList {
	var errs ErrorList
	// first[u][idx] is 1 + the element that declared usage u with index idx.
	var first [numUsages][MaxUsageIndex + 1]int32
	positions, psizes := 0, 0
	pixelIn := f.Profile.Stage == Pixel && f.Dir == In
	var colorOut []int // pixel outputs: elements declaring COLORn
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
			if hint := SuggestSemantic(e.Semantic.Name); hint != "" {
				idx := ""
				if e.Semantic.HasIndex {
					idx = strconv.Itoa(e.Semantic.Index)
				}
				add("%s: semantic %s is not a Direct3D 9 usage; did you mean %s?", e.Name, e.Semantic.Name+idx, hint+idx)
			} else {
				add("%s: semantic %s is not a Direct3D 9 usage (TEXCOORD0..15 carry user data)", e.Name, e.Semantic.Name)
			}
			continue
		case !u.IsDecl() && !(pixelIn && f.Profile.Major == 3):
			if pixelIn {
				add("%s: %s needs ps_3_0 (%s has no vPos or vFace)", e.Name, u, f.Profile.Name)
			} else {
				add("%s: %s is a pixel shader input; a %s %s cannot carry it", e.Name, u, f.Profile.Name, f.Dir.Word())
			}
			continue
		case u == UsagePositionT:
			add("%s: POSITIONT marks pre-transformed vertices, which bypass the vertex shader; use POSITION0", e.Name)
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
			err := Errorf(e.Pos, e.Include, "%s: %s %s%d used more than once", e.Name, f.Dir.Word(), u, idx)
			err.Notes = append(err.Notes, Note{Pos: other.Pos, Msg: fmt.Sprintf("%s%d is also declared by %s", u, idx, other.Name)})
			errs = append(errs, err)
			continue
		}
		first[u][idx] = int32(i + 1)

		if f.Mode == ModeFixed {
			if u == UsagePosition && idx == 0 {
				positions++
			}
			if f.RoleOf(u, idx) == RoleOmitted {
				continue
			}
			if _, _, msg := f.Fixed(u, idx, e.Components); msg != "" {
				add("%s: %s", e.Name, msg)
			}
			if f.Profile.Stage == Pixel && f.Dir == Out && u == UsageColor && idx <= 3 {
				colorOut = append(colorOut, i) // COLOR4 and up are reported above
			}
			continue
		}
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
		case RoleVPos:
			if e.Components > 2 {
				add("%s: VPOS has at most two components (vPos.xy), has %d", e.Name, e.Components)
			}
		case RoleVFace:
			if e.Components != 1 {
				add("%s: VFACE must be a scalar (vFace), has %d components", e.Name, e.Components)
			}
		}
	}
	if f.Mode == ModeSequential && len(sig.Elements) > f.Count {
		e := &sig.Elements[f.Count]
		errs.Add(e.Pos, e.Include, "%s: more than %d vertex inputs (v0..v%d)", e.Name, f.Count, f.Count-1)
	}
	if len(colorOut) > 0 {
		// Pixel color outputs must be contiguous from COLOR0 (seed 003).
		var have [4]bool
		for _, i := range colorOut {
			if _, idx, _ := sig.Elements[i].Semantic.D3D9(); idx < 4 {
				have[idx] = true
			}
		}
		for _, i := range colorOut {
			e := &sig.Elements[i]
			_, idx, _ := e.Semantic.D3D9()
			for k := 0; k < idx && k < 4; k++ {
				if !have[k] {
					errs.Add(e.Pos, e.Include, "%s: COLOR%d without COLOR%d: pixel shader color outputs must be contiguous from COLOR0", e.Name, idx, k)
					break
				}
			}
		}
	}
	vsOut := f.Profile.Stage == Vertex && f.Dir == Out
	if vsOut && positions == 0 && len(errs) == 0 && !c.Partial {
		errs.Add(sig.Pos, sig.Include, "%s has no POSITION0 %s: a %s output must declare the position", sig.Name, sig.memberWord(), f.Profile.Name)
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

// Word returns "input" or "output".
func (d Direction) Word() string {
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
