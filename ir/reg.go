package ir

import (
	"math/bits"
	"strconv"
)

// Mask is a set of register components: bit 0 is x, bit 1 y, bit 2 z, bit 3 w.
type Mask uint8

// The single components, and the full mask.
const (
	MaskX Mask = 1 << iota
	MaskY
	MaskZ
	MaskW
	MaskXYZW Mask = MaskX | MaskY | MaskZ | MaskW
)

// MaskRun returns the mask of n consecutive components starting at component
// first (0 = x). It panics if the run leaves the register.
func MaskRun(first, n int) Mask {
	if first < 0 || n < 0 || first+n > 4 {
		panic("ir: MaskRun out of range: " + strconv.Itoa(first) + "+" + strconv.Itoa(n))
	}
	return Mask((1<<n - 1) << first)
}

// Count returns the number of components in m.
func (m Mask) Count() int { return bits.OnesCount8(uint8(m & MaskXYZW)) }

// First returns the lowest component in m (0 = x), or -1 for the empty mask.
func (m Mask) First() int {
	if m&MaskXYZW == 0 {
		return -1
	}
	return bits.TrailingZeros8(uint8(m))
}

// Contiguous reports whether m is a non-empty run of adjacent components.
func (m Mask) Contiguous() bool {
	m &= MaskXYZW
	if m == 0 {
		return false
	}
	m >>= uint(m.First())
	return m&(m+1) == 0
}

// String spells the mask as assembly does, in xyzw order: "xyz", "yz", "w".
// The empty mask prints as "".
func (m Mask) String() string {
	const letters = "xyzw"
	var b [4]byte
	n := 0
	for i := range 4 {
		if m&(1<<i) != 0 {
			b[n] = letters[i]
			n++
		}
	}
	return string(b[:n])
}

// ParseMask reads a mask spelled in xyzw order ("xz", "w"). It returns false
// for anything else, including the empty string.
func ParseMask(s string) (Mask, bool) {
	if s == "" || len(s) > 4 {
		return 0, false
	}
	var m Mask
	last := -1
	for i := 0; i < len(s); i++ {
		c := -1
		switch s[i] {
		case 'x':
			c = 0
		case 'y':
			c = 1
		case 'z':
			c = 2
		case 'w':
			c = 3
		}
		if c <= last {
			return 0, false
		}
		last = c
		m |= 1 << c
	}
	return m, true
}

// RegKind is a Direct3D 9 register type as it appears in shader I/O.
type RegKind uint8

// The register kinds of shader inputs and outputs across SM1 to SM3.
const (
	RegNone   RegKind = iota
	RegO              // vs_3_0 output o#
	RegV              // vertex input v#, ps_3_0 input v#, ps_2_0 color input v0..v1
	RegVPos           // ps_3_0 vPos
	RegVFace          // ps_3_0 vFace
	RegOC             // pixel shader color output oC#
	RegODepth         // pixel shader depth output oDepth
	RegOPos           // vs_1_1..vs_2_x position output oPos
	RegOD             // vs_1_1..vs_2_x color output oD#
	RegOT             // vs_1_1..vs_2_x texture coordinate output oT#
	RegOFog           // vs_1_1..vs_2_x fog output oFog
	RegOPts           // vs_1_1..vs_2_x point size output oPts
	RegT              // ps_2_0 texture coordinate input t#
)

var regPrefix = [...]string{"", "o", "v", "vPos", "vFace", "oC", "oDepth", "oPos", "oD", "oT", "oFog", "oPts", "t"}

// Numbered reports whether registers of this kind carry a number (o3, oT2) as
// opposed to being single (vPos, oDepth, oFog).
func (k RegKind) Numbered() bool {
	switch k {
	case RegO, RegV, RegOC, RegOD, RegOT, RegT:
		return true
	}
	return false
}

// String returns the register-name prefix of the kind ("o", "oT", "vPos").
func (k RegKind) String() string {
	if int(k) < len(regPrefix) {
		return regPrefix[k]
	}
	return "RegKind(" + strconv.Itoa(int(k)) + ")"
}

// Reg names one register: a kind and, for numbered kinds, a number.
type Reg struct {
	Kind RegKind
	Num  int
}

// NoReg is the zero Reg, used where an element has no register.
var NoReg = Reg{}

// String prints the register as assembly does: "o3", "v0", "oT2", "vPos".
func (r Reg) String() string {
	if r.Kind.Numbered() {
		return r.Kind.String() + strconv.Itoa(r.Num)
	}
	return r.Kind.String()
}
