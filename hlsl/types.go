package hlsl

import (
	"strconv"
	"strings"

	"github.com/shpack/shpack/ir"
)

// shapeKind says what a resolved type is.
type shapeKind uint8

const (
	shapeNumeric shapeKind = iota // scalar, vector or matrix
	shapeStruct
)

// A shape is a resolved type: a numeric type (rows × cols of a scalar type,
// rows = 0 for scalars and vectors) or a struct, with the array dimensions a
// typedef may carry, and the matrix order a typedef's modifiers fix.
type shape struct {
	kind     shapeKind
	scalar   ir.ScalarType
	rows     int // matrix rows; 0 for a scalar or vector
	cols     int // vector width or matrix columns
	st       *structDecl
	dims     []int // array dimensions from typedefs, outermost first
	rowMajor *bool // matrix order fixed by a typedef's modifier, nil if not
}

func (s shape) isMatrix() bool { return s.kind == shapeNumeric && s.rows > 0 }

// parseNumericName reads HLSL's built-in numeric type names: a scalar name
// followed by nothing, N (vector) or RxC (matrix), with N, R, C in 1..4:
// "float", "half3", "int4x4", "min16float2". "vector" and "matrix" alone are
// float4 and float4x4.
func parseNumericName(name string) (shape, bool) {
	switch name {
	case "vector":
		return shape{scalar: ir.TypeFloat, cols: 4}, true
	case "matrix":
		return shape{scalar: ir.TypeFloat, rows: 4, cols: 4}, true
	}
	var st ir.ScalarType
	var suffix string
	found := false
	// Longest scalar name first: "min16float2" is min16float, not min16.
	for _, cand := range []string{"min16float", "min10float", "min16uint", "min16int", "double", "float", "dword", "half", "uint", "bool", "int"} {
		if rest, ok := strings.CutPrefix(name, cand); ok {
			st, _ = ir.LookupScalarType(cand)
			suffix, found = rest, true
			break
		}
	}
	if !found {
		return shape{}, false
	}
	s := shape{scalar: st, cols: 1}
	switch {
	case suffix == "":
	case len(suffix) == 1 && suffix[0] >= '1' && suffix[0] <= '4':
		s.cols = int(suffix[0] - '0')
	case len(suffix) == 3 && suffix[1] == 'x' && suffix[0] >= '1' && suffix[0] <= '4' && suffix[2] >= '1' && suffix[2] <= '4':
		s.rows = int(suffix[0] - '0')
		s.cols = int(suffix[2] - '0')
	default:
		return shape{}, false
	}
	return s, true
}

// templateShape resolves vector<T, N> and matrix<T, R, C>.
func templateShape(name string, args []string) (shape, string) {
	bad := func() (shape, string) {
		return shape{}, "invalid type " + name + "<" + strings.Join(args, ", ") + ">"
	}
	dim := func(s string) (int, bool) {
		n, err := strconv.Atoi(s)
		return n, err == nil && n >= 1 && n <= 4
	}
	switch name {
	case "vector":
		if len(args) != 2 {
			return bad()
		}
		st, ok := ir.LookupScalarType(args[0])
		n, ok2 := dim(args[1])
		if !ok || !ok2 {
			return bad()
		}
		return shape{scalar: st, cols: n}, ""
	case "matrix":
		if len(args) != 3 {
			return bad()
		}
		st, ok := ir.LookupScalarType(args[0])
		r, ok2 := dim(args[1])
		c, ok3 := dim(args[2])
		if !ok || !ok2 || !ok3 {
			return bad()
		}
		return shape{scalar: st, rows: r, cols: c}, ""
	}
	return shape{}, "unknown type " + name + "<" + strings.Join(args, ", ") + ">"
}
