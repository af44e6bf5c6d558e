package hlsl

import (
	"fmt"
	"slices"
	"strconv"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/shpack/shpack/ir"
)

// Limits of lowering: a signature cannot hold more rows than the largest
// register file shpack packs can take (--registers=32, four one-component
// rows in each), and struct types cannot nest deeper.
const (
	maxRows        = 32 * 4
	maxStructDepth = 32
)

// index is what lowering needs to find by name in a unit: struct
// definitions, typedefs, integer constants, and the matrix order in force at
// each declaration (#pragma pack_matrix applies to what follows it).
type index struct {
	structs  map[string]*structDecl
	typedefs map[string]*typedefDecl
	consts   map[string]*constDecl
	rowMajor map[any]bool
	dupes    map[*structDecl]*structDecl // a redefinition and the first definition
	// funcs are the declarations of each function name, in source order;
	// calls the tokens that call each name from a function body ("F("
	// not after "."), in source order. Built in one pass, so that an
	// entry point costs its own function, not a scan of every body (link
	// and rewrite of thousands of passes stay linear).
	funcs map[string][]*funcDecl
	calls map[string][]Token
}

func (u *Unit) buildIndex() {
	x := &index{
		structs:  map[string]*structDecl{},
		typedefs: map[string]*typedefDecl{},
		consts:   map[string]*constDecl{},
		rowMajor: map[any]bool{},
		dupes:    map[*structDecl]*structDecl{},
	}
	rowMajor := false
	for _, d := range u.syntax.Decls {
		switch {
		case d.Pragma != "":
			rowMajor = d.Pragma == "pack_matrix(row_major)"
		case d.Struct.defines():
			if first, ok := x.structs[d.Struct.Name.Text]; ok {
				x.dupes[d.Struct] = first
			} else {
				x.structs[d.Struct.Name.Text] = d.Struct
			}
			x.rowMajor[d.Struct] = rowMajor
		case d.Typedef != nil:
			if _, ok := x.typedefs[d.Typedef.Name.Text]; !ok {
				x.typedefs[d.Typedef.Name.Text] = d.Typedef
			}
			x.rowMajor[d.Typedef] = rowMajor
		case d.Const != nil:
			if _, ok := x.consts[d.Const.Name.Text]; !ok {
				x.consts[d.Const.Name.Text] = d.Const
			}
			for _, m := range d.Const.More {
				if _, ok := x.consts[m.Name.Text]; !ok && m.Value != nil {
					x.consts[m.Name.Text] = &constDecl{Pos: d.Const.Pos, Mods: d.Const.Mods, Type: d.Const.Type, Name: m.Name, Value: m.Value}
				}
			}
		case d.Func != nil:
			x.rowMajor[d.Func] = rowMajor
		}
	}
	x.funcs = map[string][]*funcDecl{}
	x.calls = map[string][]Token{}
	for _, d := range u.syntax.Decls {
		f := d.Func
		if f == nil {
			continue
		}
		x.funcs[f.Name.Text] = append(x.funcs[f.Name.Text], f)
		if f.Body == nil {
			continue
		}
		for i := f.Body.Pos.Offset + 1; i < f.Body.Close.Offset && i+1 < len(u.tokens); i++ {
			if t := u.tokens[i]; t.Kind == TokIdent && u.tokens[i+1].Text == "(" && u.tokens[i-1].Text != "." {
				x.calls[t.Text] = append(x.calls[t.Text], t)
			}
		}
	}
	u.idx = x
}

// A Listing is one struct with semantics or one function with semantics,
// lowered to its elements or with the error that stopped it.
type Listing struct {
	Kind    string // "struct" or "function"
	Name    string
	Pos     ir.Pos
	Include []ir.Pos
	Sig     *ir.Signature // a struct's elements (nil on error)
	In, Out *ir.Signature // a function's inputs and outputs (nil on error)
	Err     error         // an ir.ErrorList when lowering failed
	// Returned is set on a struct that some function returns.
	Returned bool
	// Returns names the struct a function returns ("" if none), and
	// OutParams says whether it also has out or inout parameters: its
	// outputs are then more than that struct.
	Returns   string
	OutParams bool
}

// List returns every struct that has semantics and every function that has
// semantics (on its return value or parameters, directly or through struct
// types), in source order, each lowered.
func (u *Unit) List() []Listing {
	returned := map[*structDecl]bool{}
	for _, d := range u.syntax.Decls {
		if d.Func != nil {
			if st := u.returnStruct(d.Func); st != nil {
				returned[st] = true
			}
		}
	}
	var out []Listing
	for _, d := range u.syntax.Decls {
		switch {
		case d.Struct.defines():
			if !u.structHasSemantics(d.Struct) {
				continue
			}
			s := d.Struct
			li := Listing{Kind: "struct", Name: s.Name.Text, Pos: u.pos(s.Pos), Include: u.chain(s.Pos), Returned: returned[s]}
			li.Sig, li.Err = u.lowerStruct(s)
			out = append(out, li)
		case d.Func != nil:
			f := d.Func
			if !u.funcHasSemantics(f) {
				continue
			}
			li := Listing{Kind: "function", Name: f.Name.Text, Pos: u.pos(f.Pos), Include: u.chain(f.Pos)}
			li.In, li.Out, li.Err = u.lowerFunc(f)
			if st := u.returnStruct(f); st != nil {
				li.Returns = st.Name.Text
			}
			if pl, err := u.paramsOf(f); err == nil {
				for _, p := range pl.Params {
					for _, m := range p.Mods {
						li.OutParams = li.OutParams || m.Word == "out" || m.Word == "inout"
					}
				}
			}
			out = append(out, li)
		}
	}
	return out
}

// Struct lowers the struct named name.
func (u *Unit) Struct(name string) (*ir.Signature, error) {
	s, ok := u.idx.structs[name]
	if !ok {
		return nil, u.notFound("struct", name)
	}
	// A redefinition is an error (as in fxc), not a silent choice.
	for _, d := range u.syntax.Decls {
		if d.Struct != nil && u.idx.dupes[d.Struct] == s {
			return u.lowerStruct(d.Struct)
		}
	}
	return u.lowerStruct(s)
}

// Entry lowers the function named name into its input and output signatures.
func (u *Unit) Entry(name string) (in, out *ir.Signature, err error) {
	var found []*funcDecl
	for _, d := range u.syntax.Decls {
		if d.Func != nil && d.Func.Name.Text == name {
			found = append(found, d.Func)
		}
	}
	// A prototype and its definition are one function.
	var defs []*funcDecl
	for _, f := range found {
		if f.Body != nil {
			defs = append(defs, f)
		}
	}
	switch {
	case len(found) == 0:
		return nil, nil, u.notFound("function", name)
	case len(defs) > 1:
		return nil, nil, ir.ErrorList{u.errorAt(defs[1].Pos, "function %s is defined more than once (overloads cannot be entry points)", name)}
	case len(defs) == 1:
		return u.lowerFunc(defs[0])
	}
	return u.lowerFunc(found[0])
}

// returnStruct returns the struct f returns, or nil (also when its return
// type does not resolve).
func (u *Unit) returnStruct(f *funcDecl) *structDecl {
	// Only a struct's or a typedef's name can be a struct: other return
	// types (void, float4, sampler) need no resolving, whose errors come
	// with suggestions that cost an edit distance per known name.
	if u.idx.structs[f.Ret.Name] == nil && u.idx.typedefs[f.Ret.Name] == nil {
		return nil
	}
	if sh, err := u.resolve(f.Ret, 0); err == nil && sh.kind == shapeStruct {
		return sh.st
	}
	return nil
}

// ReturnStruct returns the name of the struct the function name returns, or
// "" if it returns none (or there is no such function).
func (u *Unit) ReturnStruct(name string) string {
	for _, d := range u.syntax.Decls {
		if f := d.Func; f != nil && f.Name.Text == name {
			if st := u.returnStruct(f); st != nil {
				return st.Name.Text
			}
		}
	}
	return ""
}

// resolve turns a type into a shape, following typedefs.
func (u *Unit) resolve(t *typeNode, depth int) (shape, *ir.Error) {
	if depth > maxStructDepth {
		return shape{}, u.errorAt(t.Pos, "typedef %s refers to itself, or typedefs nest more than %d deep", t.Name, maxStructDepth)
	}
	name := t.Name
	if t.Unsigned {
		if name != "int" {
			return shape{}, u.errorAt(t.Pos, "unknown type unsigned %s", name)
		}
		name = "uint"
	}
	if len(t.Args) > 0 {
		sh, msg := templateShape(name, t.Args)
		if msg != "" {
			return shape{}, u.errorAt(t.Pos, "%s", msg)
		}
		return sh, nil
	}
	if sh, ok := parseNumericName(name); ok {
		return sh, nil
	}
	if s, ok := u.idx.structs[name]; ok {
		return shape{kind: shapeStruct, st: s}, nil
	}
	if td, ok := u.idx.typedefs[name]; ok {
		sh, err := u.resolve(td.Type, depth+1)
		if err != nil {
			return shape{}, err
		}
		dims, err := u.dims(td.Dims)
		if err != nil {
			return shape{}, err
		}
		sh.dims = append(dims, sh.dims...)
		for _, m := range td.Mods {
			switch m.Word {
			case "row_major":
				v := true
				sh.rowMajor = &v
			case "column_major":
				v := false
				sh.rowMajor = &v
			}
		}
		return sh, nil
	}
	return shape{}, u.errorAt(t.Pos, "%s", u.unknownType(name))
}

// scalarTypes are the scalar type names that vectors and matrices extend
// ("float4", "half3x3").
var scalarTypes = [...]string{"float", "half", "int", "uint", "bool", "double", "dword", "min16float", "min10float", "min16int", "min16uint"}

// numericLike reports whether name is a scalar type name with a size
// suffix ("float5", "half4x7"): digits, then optionally "x" and digits.
// (It was a regular expression, whose compilation was a tenth of a short
// rewrite's run.)
func numericLike(name string) bool {
	digits := func(s string) bool {
		return s != "" && strings.Trim(s, "0123456789") == ""
	}
	for _, sc := range scalarTypes {
		if rest, ok := strings.CutPrefix(name, sc); ok {
			if rows, cols, isMatrix := strings.Cut(rest, "x"); digits(rows) && (!isMatrix || digits(cols)) {
				return true
			}
		}
	}
	return false
}

// unknownType is the message for a type name that is none: a vector or
// matrix size out of range says so; a misspelt name gets a suggestion.
func (u *Unit) unknownType(name string) string {
	if objectType(name) {
		return fmt.Sprintf("%s is a sampler or texture, which no signature holds: a shader takes one as a uniform bound with register(s0), not through a semantic (Cg's TEXUNIT0 binds a texture unit; HLSL has no such semantic)", name)
	}
	if numericLike(name) {
		return fmt.Sprintf("unknown type %s: vectors and matrices have 1 to 4 rows and columns", name)
	}
	if hint := u.suggestType(name); hint != "" {
		return fmt.Sprintf("unknown type %s; did you mean %s?", name, hint)
	}
	return "unknown type " + name
}

// objectType reports whether name is one of HLSL's sampler or texture
// types: known types, but none a signature holds.
func objectType(name string) bool {
	switch strings.ToLower(name) {
	case "sampler", "sampler1d", "sampler2d", "sampler3d", "samplercube", "sampler_state", "samplerstate", "samplercomparisonstate",
		"texture", "texture1d", "texture2d", "texture3d", "texturecube", "texture1darray", "texture2darray", "texture2dms", "texturecubearray":
		return true
	}
	return false
}

// numericTypes are the scalar, vector and matrix type names and "vector"
// and "matrix", in the order suggestType offers them: made once, when a
// unit first names a type that is none (rewrites read every function, and
// a helper's sampler or texture parameters are such names).
var numericTypes = sync.OnceValue(func() []string {
	var names []string
	for _, sc := range scalarTypes {
		names = append(names, sc)
		for c := 1; c <= 4; c++ {
			names = append(names, sc+strconv.Itoa(c))
			for r := 1; r <= 4; r++ {
				names = append(names, sc+strconv.Itoa(r)+"x"+strconv.Itoa(c))
			}
		}
	}
	return append(names, "vector", "matrix")
})

// suggestType finds a known type name close to a misspelt one: the
// numeric types (flaot2 gives float2), then the unit's structs and
// typedefs, in source order.
func (u *Unit) suggestType(name string) string {
	names := slices.Clone(numericTypes())
	for _, d := range u.syntax.Decls {
		switch {
		case d.Struct.defines():
			names = append(names, d.Struct.Name.Text)
		case d.Typedef != nil:
			names = append(names, d.Typedef.Name.Text)
		}
	}
	return ir.Suggest(name, names)
}

// structHasSemantics reports whether a struct has a member with a semantic,
// directly or through a struct-typed member. A struct that contains itself
// counts only once (lowering reports the recursion).
// The answers for the unit's structs are worked out once, when the unit is
// parsed (semanticStructs), so a chain of N structs that each nest the
// previous one costs O(N), not O(N²).
func (u *Unit) structHasSemantics(s *structDecl) bool {
	if v, ok := u.semStructs[s]; ok {
		return v
	}
	return u.hasSemantics(s, map[*structDecl]bool{}, nil)
}

// semanticStructs answers structHasSemantics for every struct of the unit.
func (u *Unit) semanticStructs() map[*structDecl]bool {
	memo := map[*structDecl]bool{}
	for _, d := range u.syntax.Decls {
		if d.Struct.defines() {
			u.hasSemantics(d.Struct, map[*structDecl]bool{}, memo)
		}
	}
	return memo
}

// hasSemantics is structHasSemantics with the structs on the current path
// (seen) and, if memo is not nil, the answers found so far.
func (u *Unit) hasSemantics(s *structDecl, seen, memo map[*structDecl]bool) (has bool) {
	if v, ok := memo[s]; ok {
		return v
	}
	if s.Body == nil || seen[s] {
		return false
	}
	seen[s] = true
	if memo != nil {
		defer func() { memo[s] = has }()
	}
	for _, m := range s.Body.Members {
		for _, d := range m.Decls {
			if semanticOf(d.Anns) != nil {
				return true
			}
		}
		if sh, err := u.resolve(m.Type, 0); err == nil && sh.kind == shapeStruct && u.hasSemantics(sh.st, seen, memo) {
			return true
		}
	}
	return false
}

func (u *Unit) funcHasSemantics(f *funcDecl) bool {
	if f.Sem != nil && f.Sem.Semantic != "" {
		return true
	}
	if st := u.returnStruct(f); st != nil && u.structHasSemantics(st) {
		return true
	}
	if !u.paramsMatter(f) {
		return false
	}
	pl, err := u.paramsOf(f)
	if err != nil {
		// A parameter list shpack cannot read: list it if it names a semantic.
		return u.namesSemantic(f.Params)
	}
	for _, p := range pl.Params {
		if semanticOf(p.Anns) != nil {
			return true
		}
		if sh, err := u.resolve(p.Type, 0); err == nil && sh.kind == shapeStruct && u.structHasSemantics(sh.st) {
			return true
		}
	}
	return false
}

// semanticOf returns the semantic annotation among anns, or nil.
func semanticOf(anns []*annotation) *annotation {
	for _, a := range anns {
		if a.Semantic != "" {
			return a
		}
	}
	return nil
}

// flattener expands declarations into signature rows.
type flattener struct {
	u    *Unit
	sig  *ir.Signature
	errs ir.ErrorList
	// cursors continue a member's semantic numbering across the elements of
	// an enclosing array of structs.
	cursors map[*declarator]*cursor
	// open holds the structs being expanded, to stop a struct that contains
	// itself.
	open map[*structDecl]bool
	// tooMany stops the expansion: set once the signature has more than
	// maxRows rows (nested structs can multiply rows quickly) or a struct
	// nests too deeply or contains itself, errors that would otherwise repeat
	// in every branch.
	tooMany bool
}

// A cursor hands out consecutive semantic indices.
type cursor struct {
	sem  ir.Semantic
	next int
}

func (u *Unit) newFlattener(name, kind string, pos lexer.Position) *flattener {
	return &flattener{
		u: u,
		sig: &ir.Signature{
			Name: name, Kind: kind, Pos: u.pos(pos), Include: u.chain(pos),
		},
		cursors: map[*declarator]*cursor{},
		open:    map[*structDecl]bool{},
	}
}

func (f *flattener) errorf(pos lexer.Position, format string, args ...any) {
	f.errs = append(f.errs, f.u.errorAt(pos, format, args...))
}

func (f *flattener) result() (*ir.Signature, error) {
	if len(f.errs) > 0 {
		f.errs.Sort()
		le := &LowerError{ErrorList: f.errs}
		if f.sig != nil && len(f.sig.Elements) > 0 && !f.tooMany {
			le.Partial = f.sig
		}
		return nil, le
	}
	return f.sig, nil
}

// A LowerError is a signature whose lowering failed in some of its values
// (a member of an unknown type, an array size that is not constant): the
// errors, and Partial, the signature of the values that did lower, for a
// caller that checks their semantics too, so that every bad member of a
// struct is reported in one run, as gcc reports them. It unwraps to the
// ErrorList (ir.Errors finds it).
type LowerError struct {
	ir.ErrorList
	Partial *ir.Signature
	// PartialIn is a function's inputs that lowered (Partial its outputs).
	PartialIn *ir.Signature
}

// Unwrap returns the errors.
func (e *LowerError) Unwrap() error { return e.ErrorList }

func (u *Unit) lowerStruct(s *structDecl) (*ir.Signature, error) {
	f := u.newFlattener(s.Name.Text, "struct", s.Pos)
	if first, dup := u.idx.dupes[s]; dup {
		f.errorf(s.Name.Pos, "struct %s is defined more than once (first at %s)", s.Name.Text, u.pos(first.Name.Pos))
		return f.result()
	}
	f.fields(s, "", nil, 0, u.idx.rowMajor[s], 0)
	return f.result()
}

// value describes one declared value to expand: a struct member or a
// function parameter or return value.
type value struct {
	path     string // member path without array indices
	pos      lexer.Position
	typ      *typeNode
	dims     []*dim
	anns     []*annotation
	mods     []*modifier
	decl     *declarator // for cursor continuity; nil for parameters
	rowMajor bool        // matrix order in force
}

// fields expands the members of struct s. prefix is the member path of the
// enclosing value ("o." or ""); over is the enclosing value's semantic cursor
// when it overrides the fields' semantics; outer holds the enclosing value's
// interpolation modifiers.
func (f *flattener) fields(s *structDecl, prefix string, over *cursor, outer ir.Modifiers, rowMajor bool, depth int) {
	switch {
	case f.open[s]:
		f.errorf(s.Pos, "struct %s contains itself", s.Name.Text)
		f.tooMany = true
		return
	case depth > maxStructDepth:
		f.errs = append(f.errs, ir.Errorf(f.sig.Pos, f.sig.Include, "%s nests structs more than %d levels deep (struct %s is at level %d)",
			f.sig.Name, maxStructDepth, s.Name.Text, depth))
		f.tooMany = true // stop: the same error would repeat in every branch
		return
	case f.tooMany:
		return
	}
	f.open[s] = true
	defer delete(f.open, s)
	for _, m := range s.Body.Members {
		for i, d := range m.Decls {
			pos := m.Pos
			if i > 0 {
				pos = d.Pos
			}
			f.expand(value{
				path: prefix + d.Name, pos: pos, typ: m.Type, dims: d.Dims, anns: d.Anns,
				mods: m.Mods, decl: d, rowMajor: rowMajor,
			}, over, outer, depth)
		}
	}
}

// expand lowers one value into rows.
func (f *flattener) expand(v value, over *cursor, outer ir.Modifiers, depth int) {
	u := f.u
	sh, err := u.resolve(v.typ, 0)
	if err != nil {
		f.errs = append(f.errs, err)
		return
	}
	dims, err := u.dims(v.dims)
	if err != nil {
		f.errs = append(f.errs, err)
		return
	}
	dims = append(dims, sh.dims...)

	mods, rowMajor := ir.Modifiers(0), v.rowMajor
	if sh.rowMajor != nil {
		rowMajor = *sh.rowMajor
	}
	for _, m := range v.mods {
		switch m.Word {
		case "row_major":
			rowMajor = true
		case "column_major":
			rowMajor = false
		default:
			if mm, ok := ir.LookupModifier(m.Word); ok {
				mods |= mm
			}
		}
	}
	// An enclosing value's interpolation modifiers override the member's.
	if outer&^ir.ModPrecise != 0 {
		mods = mods&ir.ModPrecise | outer
	} else {
		mods |= outer
	}

	// Rows per array element, and the total, checked before anything is
	// allocated.
	perElem := 1
	switch {
	case sh.kind == shapeStruct:
		perElem = -1 // counted while expanding
	case sh.isMatrix():
		perElem = sh.cols
		if rowMajor {
			perElem = sh.rows
		}
	}
	count := 1
	for _, n := range dims {
		count *= n
		if count > maxRows {
			f.errorf(v.pos, "%s: array too large (%d elements; a signature holds at most %d rows)", v.path, count, maxRows)
			return
		}
	}
	if perElem > 0 && count*perElem > maxRows {
		f.errorf(v.pos, "%s: too many rows (%d; a signature holds at most %d)", v.path, count*perElem, maxRows)
		return
	}

	// The semantic in force: the enclosing override, else the value's own.
	cur := over
	if cur == nil {
		if a := semanticOf(v.anns); a != nil {
			if v.decl != nil {
				cur = f.cursors[v.decl]
			}
			if cur == nil {
				sem := ir.ParseSemantic(a.Semantic)
				cur = &cursor{sem: sem, next: sem.Index}
				if v.decl != nil {
					f.cursors[v.decl] = cur
				}
			}
		} else if sh.kind != shapeStruct {
			f.errorf(v.pos, "member %s has no semantic", v.path)
			return
		}
	}
	first := len(f.sig.Elements)
	for k := range count {
		if f.tooMany {
			break
		}
		name := v.path + indexSuffix(k, dims)
		switch {
		case sh.kind == shapeStruct:
			f.fields(sh.st, name+".", cur, mods, u.idx.rowMajor[sh.st], depth+1)
		case sh.isMatrix():
			vecs, comps := sh.cols, sh.rows
			if rowMajor {
				vecs, comps = sh.rows, sh.cols
			}
			for j := range vecs {
				f.row(fmt.Sprintf("%s[%d]", name, j), matrixAccess(name, j, sh.rows, rowMajor), cur, sh.scalar, comps, mods, v.pos)
			}
		default:
			f.row(name, name, cur, sh.scalar, sh.cols, mods, v.pos)
		}
	}
	if sh.kind != shapeStruct && len(f.sig.Elements)-first > 1 {
		for k := first; k < len(f.sig.Elements); k++ {
			f.sig.Elements[k].Array = len(f.sig.Arrays)
		}
		f.sig.Arrays = append(f.sig.Arrays, ir.Array{
			Name: v.path, First: first, Count: len(f.sig.Elements) - first, Pos: u.pos(v.pos),
		})
	}
}

// row appends one element taking the cursor's next semantic index.
func (f *flattener) row(name, access string, cur *cursor, st ir.ScalarType, comps int, mods ir.Modifiers, pos lexer.Position) {
	if f.tooMany {
		return
	}
	if len(f.sig.Elements) == maxRows {
		f.tooMany = true
		f.errorf(pos, "%s: too many rows (a signature holds at most %d)", name, maxRows)
		return
	}
	sem := cur.sem
	sem.Index = cur.next
	cur.next++
	if sem.Centroid {
		mods |= ir.ModCentroid
	}
	f.sig.Elements = append(f.sig.Elements, ir.Element{
		Name: name, Semantic: sem, Type: st, Components: comps, Mods: mods,
		Pos: f.u.pos(pos), Include: f.u.chain(pos), Array: -1, Access: access,
	})
}

// matrixAccess is the HLSL expression of vector j of matrix m: its row
// (m[j]) when row_major; when column_major, column j through a zero-based
// matrix swizzle (m._m0j_m1j...), since m[j] is always a row in HLSL.
func matrixAccess(m string, j, rows int, rowMajor bool) string {
	if rowMajor {
		return fmt.Sprintf("%s[%d]", m, j)
	}
	var b strings.Builder
	b.WriteString(m)
	b.WriteByte('.')
	for r := range rows {
		fmt.Fprintf(&b, "_m%d%d", r, j)
	}
	return b.String()
}

// indexSuffix spells the array indices of flat element k: "[1][2]".
func indexSuffix(k int, dims []int) string {
	if len(dims) == 0 {
		return ""
	}
	idx := make([]int, len(dims))
	for i := len(dims) - 1; i >= 0; i-- {
		idx[i] = k % dims[i]
		k /= dims[i]
	}
	var b strings.Builder
	for _, i := range idx {
		fmt.Fprintf(&b, "[%d]", i)
	}
	return b.String()
}

// lowerFunc lowers a function's parameters and return value into its input
// and output signatures (seed 003's three places for semantics): outputs are
// the return value, then out and inout parameters in order; inputs are in,
// unqualified and inout parameters. uniform parameters, and parameters without
// semantics that are not structs, belong to neither.
func (u *Unit) lowerFunc(fn *funcDecl) (in, out *ir.Signature, err error) {
	return u.lowerFuncShape(fn, nil)
}

// funcShape records which elements of a function's signatures each part of
// it expanded into: ret is the number of output elements of the return
// value (they come first), and params[k] the ranges [first, end) of
// parameter k in the input and the output signature.
type funcShape struct {
	ret    int
	params []paramRange
}

type paramRange struct{ in, out [2]int }

// lowerFuncShape is lowerFunc, also filling shape when it is not nil.
func (u *Unit) lowerFuncShape(fn *funcDecl, shape *funcShape) (in, out *ir.Signature, err error) {
	pl, perr := u.paramsOf(fn)
	if perr != nil {
		return nil, nil, perr
	}
	rowMajor := u.idx.rowMajor[fn]
	fi := u.newFlattener(fn.Name.Text, "function", fn.Pos)
	fo := u.newFlattener(fn.Name.Text, "function", fn.Pos)
	fi.sig.Dir, fo.sig.Dir = ir.In, ir.Out
	fo.cursors = fi.cursors

	if fn.Ret.Name != "void" || fn.Ret.Unsigned {
		sh, rerr := u.resolve(fn.Ret, 0)
		switch {
		case rerr != nil:
			fo.errs = append(fo.errs, rerr)
		case fn.Sem != nil && fn.Sem.Semantic != "" && sh.kind == shapeStruct:
			// A semantic on the function overrides the struct's (W5308).
			sem := ir.ParseSemantic(fn.Sem.Semantic)
			fo.fields(sh.st, "", &cursor{sem: sem, next: sem.Index}, 0, u.idx.rowMajor[sh.st], 1)
		case fn.Sem != nil && fn.Sem.Semantic != "":
			fo.expand(value{path: "return", pos: fn.Ret.Pos, typ: fn.Ret, anns: []*annotation{fn.Sem}, rowMajor: rowMajor}, nil, 0, 0)
		case sh.kind == shapeStruct && !u.structHasSemantics(sh.st):
			fo.errorf(fn.Ret.Pos, "the return value of %s has no semantic (struct %s carries none): a helper, not an entry point", fn.Name.Text, sh.st.Name.Text)
		case sh.kind == shapeStruct:
			fo.fields(sh.st, "", nil, 0, u.idx.rowMajor[sh.st], 1)
		default:
			fo.errorf(fn.Ret.Pos, "the return value of %s has no semantic", fn.Name.Text)
		}
	}
	if shape != nil {
		shape.ret = len(fo.sig.Elements)
		shape.params = make([]paramRange, len(pl.Params))
	}
	for k, p := range pl.Params {
		if shape != nil {
			// Each range ends where the next parameter's begins.
			n, m := len(fi.sig.Elements), len(fo.sig.Elements)
			shape.params[k] = paramRange{in: [2]int{n, n}, out: [2]int{m, m}}
			if k > 0 {
				shape.params[k-1].in[1], shape.params[k-1].out[1] = n, m
			}
		}
		var isIn, isOut, uniform bool
		for _, m := range p.Mods {
			switch m.Word {
			case "out":
				isOut = true
			case "inout":
				isIn, isOut = true, true
			case "in":
				isIn = true
			case "uniform":
				uniform = true
			}
		}
		if !isIn && !isOut {
			isIn = true
		}
		if uniform {
			continue
		}
		sem := semanticOf(p.Anns)
		if sem == nil {
			sh, rerr := u.resolve(p.Type, 0)
			if rerr != nil || sh.kind != shapeStruct {
				continue // not part of a signature
			}
		}
		v := value{path: p.Name, pos: p.Pos, typ: p.Type, dims: p.Dims, anns: p.Anns, mods: p.Mods, rowMajor: rowMajor}
		if isIn {
			fi.expandParam(v)
		}
		if isOut {
			fo.expandParam(v)
		}
	}
	if shape != nil && len(pl.Params) > 0 {
		last := &shape.params[len(pl.Params)-1]
		last.in[1], last.out[1] = len(fi.sig.Elements), len(fo.sig.Elements)
	}
	in, ierr := fi.result()
	out, oerr := fo.result()
	var errs ir.ErrorList
	for _, e := range []error{ierr, oerr} {
		errs = append(errs, ir.Errors(e)...)
	}
	if len(errs) > 0 {
		errs.Sort()
		// The outputs that lowered, for a caller that checks them too
		// (LowerError); an error of the inputs alone leaves them whole.
		le := &LowerError{ErrorList: errs, Partial: out, PartialIn: in}
		if ol, ok := oerr.(*LowerError); ok {
			le.Partial = ol.Partial
		}
		if il, ok := ierr.(*LowerError); ok {
			le.PartialIn = il.Partial
		}
		return nil, nil, le
	}
	return in, out, nil
}

// expandParam expands a parameter: a struct-typed parameter's members are
// named by path ("o.uv").
func (f *flattener) expandParam(v value) {
	sh, err := f.u.resolve(v.typ, 0)
	if err == nil && sh.kind == shapeStruct && len(v.dims) == 0 && len(sh.dims) == 0 {
		var over *cursor
		if a := semanticOf(v.anns); a != nil {
			sem := ir.ParseSemantic(a.Semantic)
			over = &cursor{sem: sem, next: sem.Index}
		}
		var mods ir.Modifiers
		for _, m := range v.mods {
			if mm, ok := ir.LookupModifier(m.Word); ok {
				mods |= mm
			}
		}
		f.fields(sh.st, v.path+".", over, mods, f.u.idx.rowMajor[sh.st], 1)
		return
	}
	f.expand(v, nil, 0, 0)
}

// StructSpan returns where the definition of struct name starts (its
// "struct") and where it ends (its "}"), for a caller that must know what
// lies between (the rewrite's permutation guard); false if the unit
// defines no such struct.
func (u *Unit) StructSpan(name string) (from, to ir.Pos, ok bool) {
	sd := u.idx.structs[name]
	if sd == nil || sd.Body == nil {
		return ir.Pos{}, ir.Pos{}, false
	}
	end := MatchClose(u.tokens, sd.Body.Pos.Offset)
	if end < 0 {
		return ir.Pos{}, ir.Pos{}, false
	}
	return u.pos(sd.Pos), u.PP.Pos(&u.tokens[end]), true
}
