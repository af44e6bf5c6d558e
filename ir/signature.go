package ir

import (
	"fmt"
	"slices"
	"strings"
)

// ScalarType is the scalar type of an element's components.
type ScalarType uint8

// The scalar types HLSL can put behind a semantic.
const (
	TypeFloat ScalarType = iota
	TypeHalf
	TypeDouble
	TypeInt
	TypeUint
	TypeBool
	TypeDword
	TypeMin16Float
	TypeMin10Float
	TypeMin16Int
	TypeMin16Uint
	numScalarTypes
)

var scalarNames = [numScalarTypes]string{
	"float", "half", "double", "int", "uint", "bool", "dword", "min16float", "min10float", "min16int", "min16uint",
}

// String returns the type's HLSL spelling.
func (t ScalarType) String() string {
	if t < numScalarTypes {
		return scalarNames[t]
	}
	return "?"
}

// LookupScalarType finds a scalar type by its HLSL spelling.
func LookupScalarType(name string) (ScalarType, bool) {
	for i, n := range scalarNames {
		if n == name {
			return ScalarType(i), true
		}
	}
	return 0, false
}

// IsInteger reports whether t holds integers or booleans (no Direct3D 9
// interpolator carries them natively: they travel as floats).
func (t ScalarType) IsInteger() bool {
	switch t {
	case TypeInt, TypeUint, TypeBool, TypeDword, TypeMin16Int, TypeMin16Uint:
		return true
	}
	return false
}

// Kind is the type a value of t has in a Shader Model 3 register, where
// every type is stored as a float and HLSL only tells what a variable of
// the type holds: float (half, double, min16float, min10float), int
// (min16int), uint (dword, min16uint) or bool. Between kinds an HLSL
// assignment converts (a float read into an int is truncated); within one
// it does not.
func (t ScalarType) Kind() ScalarType {
	switch t {
	case TypeHalf, TypeDouble, TypeMin16Float, TypeMin10Float:
		return TypeFloat
	case TypeMin16Int:
		return TypeInt
	case TypeDword, TypeMin16Uint:
		return TypeUint
	}
	return t
}

// Modifiers is the set of interpolation and precision modifiers of an element.
type Modifiers uint8

// The modifiers HLSL allows on a varying. ModCentroid is also set by the SM3
// semantic suffix _centroid.
const (
	ModLinear Modifiers = 1 << iota
	ModCentroid
	ModNoInterpolation
	ModNoPerspective
	ModSample
	ModPrecise
)

var modifierNames = []struct {
	m    Modifiers
	name string
}{
	{ModLinear, "linear"}, {ModCentroid, "centroid"}, {ModNoInterpolation, "nointerpolation"},
	{ModNoPerspective, "noperspective"}, {ModSample, "sample"}, {ModPrecise, "precise"},
}

// LookupModifier finds a modifier by its HLSL keyword.
func LookupModifier(name string) (Modifiers, bool) {
	for _, mn := range modifierNames {
		if mn.name == name {
			return mn.m, true
		}
	}
	return 0, false
}

// String lists the modifiers as HLSL keywords separated by spaces.
func (m Modifiers) String() string {
	var parts []string
	for _, mn := range modifierNames {
		if m&mn.m != 0 {
			parts = append(parts, mn.name)
		}
	}
	return strings.Join(parts, " ")
}

// Interpolation names the element's interpolation mode without centroid and
// precise: "linear" (the default), "nointerpolation", "noperspective",
// "sample" or "noperspective sample".
func (m Modifiers) Interpolation() string {
	switch {
	case m&ModNoInterpolation != 0:
		return "nointerpolation"
	case m&ModNoPerspective != 0 && m&ModSample != 0:
		return "noperspective sample"
	case m&ModNoPerspective != 0:
		return "noperspective"
	case m&ModSample != 0:
		return "sample"
	}
	return "linear"
}

// An Element is one row of a signature: one semantic (name and index) of one
// to four components. Arrays and matrices have been expanded into consecutive
// elements by the front end.
type Element struct {
	Name       string   // member path: "Tex[3]", "o.uv", "M[1]", "return"
	Semantic   Semantic // as written (upper case), index after expansion
	Type       ScalarType
	Components int       // 1..4
	Mods       Modifiers // interpolation and precision modifiers, including _centroid
	Pos        Pos       // where the member's declaration starts
	Include    []Pos     // the #include chain of Pos.File, innermost first; nil for the main file
	Array      int       // index in Signature.Arrays of the declaration this row belongs to, or -1
	// Group is a packing group a caller sets: elements of different groups
	// never share a register (see Constraints.ClassOf). The rewrite groups
	// elements by the kinds of type the two stages give them, since one
	// HLSL struct member holds one type (ScalarType.Kind). 0 by default.
	Group uint8
	// Access is the HLSL expression of this row relative to the value the
	// signature describes ("Tex[2]", "i.uv", "M[1]" for a row_major
	// matrix's row, "M._m01_m11_m21_m31" for a column_major matrix's
	// column). "" when the front end did not record one.
	Access string
}

// Centroid reports whether the element is interpolated at the centroid (the
// centroid modifier or the _centroid suffix).
func (e *Element) Centroid() bool { return e.Mods&ModCentroid != 0 }

// An Array records the rows that one array or matrix declaration expanded
// into: elements First .. First+Count-1 of the signature.
type Array struct {
	Name  string // member path of the whole declaration: "Tex", "o.M"
	First int
	Count int
	Pos   Pos
}

// Direction says whether a signature holds a stage's inputs or its outputs.
type Direction uint8

// The two directions.
const (
	Out Direction = iota
	In
)

// String returns "out" or "in".
func (d Direction) String() string {
	if d == In {
		return "in"
	}
	return "out"
}

// A Signature is the ordered list of elements that a struct, or one side of an
// entry point, passes through semantics.
type Signature struct {
	Name     string    // struct or function name
	Kind     string    // "struct" or "function"
	Dir      Direction // meaningful for functions; structs are Out until a profile says otherwise
	Pos      Pos       // where the struct or function is declared
	Include  []Pos     // include chain of Pos.File
	Elements []Element
	Arrays   []Array
}

// IndexedArrays returns the indices in s.Arrays of the arrays named by
// their member paths ("Tex", "o.Bones"), for Constraints.Indexed, each
// once; a name that is no array of s is an error that lists the arrays.
func (s *Signature) IndexedArrays(names ...string) ([]int, error) {
	var out []int
	for _, name := range names {
		a := s.FindArray(name)
		if a < 0 {
			var all []string
			for _, arr := range s.Arrays {
				all = append(all, arr.Name)
			}
			list := "none"
			if len(all) > 0 {
				list = strings.Join(all, ", ")
			}
			return nil, fmt.Errorf("%s has no array named %s (arrays: %s)", s.Name, name, list)
		}
		if !slices.Contains(out, a) {
			out = append(out, a)
		}
	}
	return out, nil
}

// HasPosition0 reports whether s has a four-component POSITION0 (or
// SV_Position) element: what a vertex shader's outputs hold and a pixel
// shader's outputs do not.
func (s *Signature) HasPosition0() bool {
	for i := range s.Elements {
		e := &s.Elements[i]
		if u, idx, ok := e.Semantic.D3D9(); ok && u == UsagePosition && idx == 0 && e.Components == 4 {
			return true
		}
	}
	return false
}

// FindArray returns the index in s.Arrays of the declaration whose member path
// is name, or -1.
func (s *Signature) FindArray(name string) int {
	for i, a := range s.Arrays {
		if a.Name == name {
			return i
		}
	}
	return -1
}
