package ir

import "slices"

// Constraints are the user's choices that restrict a layout beyond the
// register file's own rules.
type Constraints struct {
	MixColor bool  // COLOR may share a register with other semantics
	Budget   int   // general registers allowed; 0 means the register file's General
	Indexed  []int // indices in Signature.Arrays of arrays the shader indexes dynamically
	// Partial marks a part of a signature packed on its own (a prefix, for
	// the prefix-stability metric): it need not declare POSITION0.
	Partial bool
	// Portable asks for one declaration per general register, with the
	// full mask, named after one of its members (see pack.Portable): the
	// layout Wine, DXVK and MojoShader read correctly.
	Portable bool
	// TexcoordNames declares every general register of a portable layout
	// TEXCOORD0, TEXCOORD1, ... in register order (family register order
	// in a family), whatever its members are: for runtimes and
	// translators that drop TEXCOORD indices above 9 or treat FOG and
	// COLOR apart (--semantics=texcoord).
	TexcoordNames bool
	// Family marks one member of a family layout (pack.Family): its
	// registers are placed and named for the whole family, so a portable
	// register may be named after a semantic of another member and need
	// not use its x component in this one.
	Family bool
}

// Limit returns the number of general registers a layout may use under c in f.
func (c Constraints) Limit(f *RegisterFile) int {
	if c.Budget > 0 {
		return c.Budget
	}
	return f.General
}

// IsIndexed reports whether array a of the signature is indexed dynamically.
func (c Constraints) IsIndexed(a int) bool { return slices.Contains(c.Indexed, a) }

// IndexedArrays returns, for each element of sig, the index in sig.Arrays of
// the dynamically indexed array it belongs to, or -1.
func (c Constraints) IndexedArrays(sig *Signature) []int {
	of := make([]int, len(sig.Elements))
	for i := range of {
		of[i] = -1
	}
	for _, a := range c.Indexed {
		arr := sig.Arrays[a]
		for k := arr.First; k < arr.First+arr.Count; k++ {
			of[k] = a
		}
	}
	return of
}

// Class is a packing class: elements of different classes never share a
// register. The low bits say COLOR (kept apart from other usages because flat
// shading leaves the rest of a COLOR register undefined) and centroid; the
// interpolation mode occupies the bits above, one mode per register, and
// the element's Group the bits above those.
type Class uint16

// Class bits.
const (
	ClassColor    Class = 1 << 0
	ClassCentroid Class = 1 << 1
	classModeBit        = 2 // interpolation mode index starts here
	classGroupBit       = 5 // Element.Group starts here
)

// ClassOf returns the packing class of e, declared with usage u, under c.
func (c Constraints) ClassOf(e *Element, u Usage) Class {
	var k Class
	if u == UsageColor && !c.MixColor {
		k |= ClassColor
	}
	if e.Centroid() {
		k |= ClassCentroid
	}
	switch {
	case e.Mods&ModNoInterpolation != 0:
		k |= 1 << classModeBit
	case e.Mods&ModNoPerspective != 0 && e.Mods&ModSample != 0:
		k |= 2 << classModeBit
	case e.Mods&ModNoPerspective != 0:
		k |= 3 << classModeBit
	case e.Mods&ModSample != 0:
		k |= 4 << classModeBit
	}
	return k | Class(e.Group)<<classGroupBit
}

// A Placement says where one element sits: a register, the components it
// occupies there, and the semantic that register is declared with for it (the
// element's own Direct3D 9 semantic unless a portable layout names a shared
// register after another member).
type Placement struct {
	Reg   Reg   // NoReg when the element is left out of this side
	Mask  Mask  // components occupied; POSITION0 and PSIZE always hold the full mask
	Usage Usage // the usage the register is declared with for this element
	Index int   // the usage index the register is declared with
	Role  Role  // the element's role in the register file
}

// A Layout places every element of a signature in a register file.
type Layout struct {
	Sig      *Signature
	File     *RegisterFile
	Cons     Constraints
	Strategy string
	Place    []Placement // parallel to Sig.Elements

	// LowerBound is the best proven lower bound on general registers for the
	// signature under these constraints, or -1 if none was computed.
	LowerBound int
}

// Registers returns the number of distinct registers the layout uses.
func (l *Layout) Registers() int {
	return l.countRegs(func(Role) bool { return true })
}

// GeneralRegisters returns the number of distinct registers that hold general
// elements (not POSITION0 or PSIZE).
func (l *Layout) GeneralRegisters() int {
	return l.countRegs(func(r Role) bool { return r == RoleGeneral })
}

// GeneralMembers groups the general elements by register: the registers in
// order of their first member, and each register's members in element order.
func (l *Layout) GeneralMembers() (order []Reg, members map[Reg][]int) {
	members = map[Reg][]int{}
	for i, p := range l.Place {
		if p.Role != RoleGeneral || p.Reg == NoReg {
			continue
		}
		if _, ok := members[p.Reg]; !ok {
			order = append(order, p.Reg)
		}
		members[p.Reg] = append(members[p.Reg], i)
	}
	return order, members
}

// countRegs counts the distinct registers of the placements keep accepts.
func (l *Layout) countRegs(keep func(Role) bool) int {
	var small [4]uint64 // registers of kinds < 4 and numbers < 64, as bits
	var other map[Reg]bool
	n := 0
	for _, p := range l.Place {
		if p.Reg == NoReg || !keep(p.Role) {
			continue
		}
		if p.Reg.Kind < 4 && p.Reg.Num >= 0 && p.Reg.Num < 64 {
			bit := uint64(1) << p.Reg.Num
			if small[p.Reg.Kind]&bit == 0 {
				small[p.Reg.Kind] |= bit
				n++
			}
			continue
		}
		if other == nil {
			other = map[Reg]bool{}
		}
		if !other[p.Reg] {
			other[p.Reg] = true
			n++
		}
	}
	return n
}

// WastedComponents returns 4 × general registers minus the components the
// general elements occupy in them.
func (l *Layout) WastedComponents() int {
	used := 0
	for i, p := range l.Place {
		if p.Reg != NoReg && p.Role == RoleGeneral {
			used += l.Sig.Elements[i].Components
		}
	}
	return 4*l.GeneralRegisters() - used
}

// Optimal reports whether the layout uses no more general registers than the
// proven lower bound (false when no bound is known).
func (l *Layout) Optimal() bool {
	return l.LowerBound >= 0 && l.GeneralRegisters() <= l.LowerBound
}
