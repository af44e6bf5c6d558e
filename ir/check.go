package ir

import (
	"errors"
	"fmt"
	"slices"
	"strings"
)

// CheckLayout verifies a layout against the rules of its register file and its
// constraints, independently of how the layout was made. Every strategy's
// output is checked with it in tests. It returns nil for a valid layout and
// otherwise an error listing every violation found.
//
// Rules for every register file: every element has a Direct3D 9 usage and an
// index 0..15, is declared with its own semantic, and no semantic is
// declared twice.
//
// A packing register file (vs_3_0 outputs, ps_3_0 inputs; sm3-signatures.md
// §3, §4 and §9) adds:
//   - POSITION0 (exactly one in a vertex output) has four components and a
//     register of its own with the full mask; PSIZE (at most one) is a scalar
//     with a register of its own and the full mask;
//   - in a pixel input, POSITION0 and PSIZE have no register, VPOS sits in
//     vPos at .x, .y or .xy, and VFACE in vFace (a scalar declared with the
//     full mask);
//   - every other element is a contiguous run of exactly its component count
//     inside one register, and masks in a register are disjoint;
//   - registers are of the file's kind and exist; at most Limit general
//     registers are used;
//   - a register never mixes packing classes (Constraints.ClassOf);
//   - the rows of a dynamically indexed array sit in consecutive registers at
//     the same components, and then POSITION0 is in register 0 and PSIZE in 1.
//
// A sequential file (vertex inputs) gives each element a register of its own
// with the full mask; a fixed file (SM1/SM2 outputs, ps_2_0 inputs, pixel
// outputs) puts each element exactly where its semantic names.
func CheckLayout(l *Layout) error {
	if l == nil || l.Sig == nil || l.File == nil {
		return errors.New("layout: missing signature or register file")
	}
	c := checker{l: l, used: map[Reg]Mask{}, class: map[Reg]Class{}, special: map[Reg]int{}}
	c.run()
	if len(c.problems) == 0 {
		return nil
	}
	return errors.New("invalid layout: " + strings.Join(c.problems, "; "))
}

type checker struct {
	l        *Layout
	problems []string
	used     map[Reg]Mask  // components taken in each register
	class    map[Reg]Class // class of the general elements in each register
	special  map[Reg]int   // registers holding POSITION0 or PSIZE: element index
}

func (c *checker) fail(format string, args ...any) {
	c.problems = append(c.problems, fmt.Sprintf(format, args...))
}

func (c *checker) run() {
	l := c.l
	sig, f := l.Sig, l.File
	if len(l.Place) != len(sig.Elements) {
		c.fail("%d placements for %d elements", len(l.Place), len(sig.Elements))
		return
	}
	limit := l.Cons.Limit(f)
	count := f.Count
	if extra := limit - f.General; extra > 0 && f.Mode == ModePacked {
		count += extra // an experimental budget beyond the profile's registers
	}
	type sem struct {
		u   Usage
		idx int
	}
	declared := map[sem]string{}
	var positions, psizes []Reg
	general := map[Reg]bool{}

	for i := range sig.Elements {
		e := &sig.Elements[i]
		p := l.Place[i]
		name := e.Name
		u, idx, ok := e.Semantic.D3D9()
		switch {
		case !ok:
			c.fail("%s: %s has no Direct3D 9 usage", name, e.Semantic.Name)
			continue
		case idx < 0 || idx > MaxUsageIndex:
			c.fail("%s: usage index %d out of range", name, idx)
		case (p.Usage != u || p.Index != idx) && !(l.Cons.Portable && p.Role == RoleGeneral):
			c.fail("%s: declared as %s%d, not its own semantic %s%d", name, p.Usage, p.Index, u, idx)
		}
		if prev, dup := declared[sem{u, idx}]; dup {
			c.fail("%s: semantic %s%d already declared for %s", name, u, idx, prev)
		}
		declared[sem{u, idx}] = name
		if e.Components < 1 || e.Components > 4 {
			c.fail("%s: %d components", name, e.Components)
			continue
		}
		if c.used[p.Reg]&p.Mask != 0 && p.Reg != NoReg {
			c.fail("%s: components .%s of %s are already taken", name, p.Mask&c.used[p.Reg], p.Reg)
		}
		c.used[p.Reg] |= p.Mask

		switch f.Mode {
		case ModeFixed:
			if f.RoleOf(u, idx) == RoleOmitted {
				if p.Reg != NoReg || p.Role != RoleOmitted {
					c.fail("%s: %s%d cannot be read by %s, but is declared in %s", name, u, idx, f.Profile.Name, p.Reg)
				}
				continue
			}
			reg, mask, msg := f.Fixed(u, idx, e.Components)
			if msg != "" {
				c.fail("%s: %s", name, msg)
			} else if p.Reg != reg || p.Mask != mask {
				c.fail("%s: placed in %s.%s, but %s%d names %s.%s", name, p.Reg, p.Mask, u, idx, reg, mask)
			}
			if u == UsagePosition && idx == 0 {
				positions = append(positions, p.Reg)
			}
			continue
		case ModeSequential:
			if p.Reg.Kind != f.Kind || p.Reg.Num < 0 || p.Reg.Num >= f.Count || p.Mask != MaskXYZW {
				c.fail("%s: vertex input in %s.%s, want a register %s0..%s%d with the full mask", name, p.Reg, p.Mask, f.Kind, f.Kind, f.Count-1)
			}
			continue
		}

		role := f.RoleOf(u, idx)
		if p.Role != role {
			c.fail("%s: role %d, want %d", name, p.Role, role)
		}
		switch role {
		case RoleOmitted:
			if p.Reg != NoReg {
				c.fail("%s: %s%d cannot be a pixel shader input, but is declared in %s", name, u, idx, p.Reg)
			}
			continue
		case RoleVPos:
			if p.Reg != (Reg{Kind: RegVPos}) || p.Mask&^(MaskX|MaskY) != 0 || !p.Mask.Contiguous() || p.Mask.Count() != e.Components {
				c.fail("%s: VPOS must sit in vPos at .x, .y or .xy, not %s.%s", name, p.Reg, p.Mask)
			}
			continue
		case RoleVFace:
			if p.Reg != (Reg{Kind: RegVFace}) || p.Mask != MaskXYZW {
				c.fail("%s: VFACE must sit in vFace, not %s.%s", name, p.Reg, p.Mask)
			}
			continue
		}
		if p.Reg.Kind != f.Kind {
			c.fail("%s: register %s is not of kind %s", name, p.Reg, f.Kind)
			continue
		}
		if p.Reg.Num < 0 || p.Reg.Num >= count {
			c.fail("%s: register %s does not exist (%s0..%s%d)", name, p.Reg, f.Kind, f.Kind, count-1)
		}
		switch role {
		case RolePosition:
			if e.Components != 4 || p.Mask != MaskXYZW {
				c.fail("%s: POSITION0 needs four components and the full mask, has %d in .%s", name, e.Components, p.Mask)
			}
			positions = append(positions, p.Reg)
		case RolePSize:
			if e.Components != 1 || p.Mask != MaskXYZW {
				c.fail("%s: PSIZE must be a scalar declared with the full mask, has %d in .%s", name, e.Components, p.Mask)
			}
			psizes = append(psizes, p.Reg)
		default:
			if !p.Mask.Contiguous() || p.Mask.Count() != e.Components {
				c.fail("%s: mask .%s is not a contiguous run of %d components", name, p.Mask, e.Components)
			}
			general[p.Reg] = true
			k := l.Cons.ClassOf(e, u)
			if prev, seen := c.class[p.Reg]; seen && prev != k {
				c.fail("%s: register %s mixes packing classes", name, p.Reg)
			}
			c.class[p.Reg] = k
		}
		if role == RolePosition || role == RolePSize {
			if j, taken := c.special[p.Reg]; taken {
				c.fail("%s: register %s already holds %s", name, p.Reg, sig.Elements[j].Name)
			}
			c.special[p.Reg] = i
		}
	}

	if f.Mode != ModePacked {
		if f.Profile.Stage == Vertex && f.Dir == Out && len(positions) != 1 && !l.Cons.Partial {
			c.fail("%d POSITION0 outputs, want exactly one", len(positions))
		}
		return
	}
	if l.Cons.Portable {
		c.portable()
	}
	for r := range general {
		if _, clash := c.special[r]; clash {
			c.fail("register %s holds POSITION0 or PSIZE and other elements", r)
		}
	}
	if f.Profile.Stage == Vertex && f.Dir == Out && (len(positions) != 1 && !l.Cons.Partial || len(positions) > 1) {
		c.fail("%d POSITION0 outputs, want exactly one", len(positions))
	}
	if len(psizes) > 1 {
		c.fail("%d PSIZE outputs, want at most one", len(psizes))
	}
	if len(general) > limit {
		c.fail("%d general registers, limit %d", len(general), limit)
	}
	if total := len(general) + len(c.special); total > count {
		c.fail("%d registers, only %d exist", total, count)
	}

	if len(l.Cons.Indexed) > 0 {
		for _, r := range positions {
			if r.Num != 0 {
				c.fail("POSITION0 in %s: an indexed output needs it in %s0", r, f.Kind)
			}
		}
		for _, r := range psizes {
			if r.Num != 1 {
				c.fail("PSIZE in %s: an indexed output needs it in %s1", r, f.Kind)
			}
		}
	}
	for _, a := range l.Cons.Indexed {
		if a < 0 || a >= len(sig.Arrays) {
			c.fail("indexed array %d does not exist", a)
			continue
		}
		arr := sig.Arrays[a]
		first := l.Place[arr.First]
		for k := range arr.Count {
			p := l.Place[arr.First+k]
			if p.Role != RoleGeneral {
				c.fail("%s: an indexed array cannot hold POSITION0 or PSIZE", arr.Name)
			}
			if p.Reg.Num != first.Reg.Num+k || p.Mask.First() != first.Mask.First() {
				c.fail("%s: row %d at %s.%s breaks the indexed block starting at %s.%s",
					arr.Name, k, p.Reg, p.Mask, first.Reg, first.Mask)
			}
		}
	}
}

// portable checks the rules of a portable layout: every general register is
// declared once, with the full mask, with the semantic of one of its
// members, or, when no member may name it, a TEXCOORD no element uses (with
// TexcoordNames: TEXCOORDn, whatever its members); its lowest used
// component is x (unless it holds rows of an indexed array, which keep
// their offset); a FOG member never names a register, and a COLOR member
// only if every other member is a COLOR (see pack.Portable: MojoShader
// cannot link FOG and clamps COLOR); no two registers are declared with
// the same semantic.
func (c *checker) portable() {
	l := c.l
	sig := l.Sig
	type sem struct {
		u   Usage
		idx int
	}
	order, regs := l.GeneralMembers()
	names := map[sem]Reg{}
	for _, r := range order {
		members := regs[r]
		decl := sem{l.Place[members[0]].Usage, l.Place[members[0]].Index}
		namer := -1
		for _, i := range members {
			p := l.Place[i]
			if (sem{p.Usage, p.Index}) != decl {
				c.fail("register %s is declared with more than one semantic (%s%d and %s%d)", r, decl.u, decl.idx, p.Usage, p.Index)
			}
			if u, idx, _ := sig.Elements[i].Semantic.D3D9(); (sem{u, idx}) == decl {
				namer = i
			}
		}
		if prev, dup := names[decl]; dup {
			c.fail("registers %s and %s are both declared as %s%d", prev, r, decl.u, decl.idx)
		}
		names[decl] = r
		if l.File.Dir == In {
			// A pixel shader declares each register it reads whole, with
			// the name the vertex shader gave it: the member that names it
			// need not be one the pixel shader reads.
			continue
		}
		switch {
		case l.Cons.TexcoordNames:
			if decl.u != UsageTexCoord {
				c.fail("register %s is declared as %s%d, not a TEXCOORD", r, decl.u, decl.idx)
			}
			continue
		case namer < 0 && slices.Contains(GenericUsages(), decl.u) && !c.sigUses(decl.u, decl.idx):
			// A register no member may name (FOG and COLOR only).
			continue
		case namer < 0:
			if !l.Cons.Family {
				c.fail("register %s is declared as %s%d, the semantic of none of its members", r, decl.u, decl.idx)
			}
			continue
		}
		pinned := false
		for _, i := range members {
			if a := sig.Elements[i].Array; a >= 0 && l.Cons.IsIndexed(a) {
				pinned = true
			}
		}
		if c.used[r]&MaskX == 0 && !pinned && !l.Cons.Family {
			c.fail("register %s: its lowest used component is not x", r)
		}
		others := false
		for _, i := range members {
			u, _, _ := sig.Elements[i].Semantic.D3D9()
			switch {
			case decl.u == UsageFog:
				others = true
			case i == namer:
			case decl.u == UsageColor && u != UsageColor:
				others = true
			}
		}
		if others {
			c.fail("register %s is named after %s (%s%d), which cannot name a register it shares with these members, nor FOG one at all",
				r, sig.Elements[namer].Name, decl.u, decl.idx)
		}
	}
}

// sigUses reports whether an element of the layout's signature has the
// semantic u, idx.
func (c *checker) sigUses(u Usage, idx int) bool {
	for i := range c.l.Sig.Elements {
		if eu, eidx, _ := c.l.Sig.Elements[i].Semantic.D3D9(); eu == u && eidx == idx {
			return true
		}
	}
	return false
}
