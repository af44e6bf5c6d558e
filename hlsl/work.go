package hlsl

// DoesWork reports whether the function name, as the unit defines it,
// computes what a compiler cannot fold away when a call to it is repeated:
// its body has a loop, or calls a function (an intrinsic or one of the
// unit's) other than a numeric type's constructor. A function that only
// assigns constants and its parameters does none. A name the unit defines
// more than once (overloads) is taken to do work; one it does not define,
// not.
//
// The rewrite reads it to choose how a vertex shader's "return f(...)" is
// packed: a struct read member by member through a macro repeats the call
// once per member, which the compiler folds for a function of constants
// and pays for each time otherwise; bound once into a local, it costs the
// local's temporaries instead.
func (u *Unit) DoesWork(name string) bool {
	var def *funcDecl
	for _, f := range u.idx.funcs[name] {
		if f.Body == nil {
			continue
		}
		if def != nil {
			return true
		}
		def = f
	}
	if def == nil {
		return false
	}
	body := u.tokens[def.Body.Pos.Offset : def.Body.Close.Offset+1]
	for i := range body {
		t := &body[i]
		if t.Kind != TokIdent {
			continue
		}
		switch t.Text {
		case "for", "while", "do":
			return true
		case "if", "switch", "return", "case":
			continue // "if (", "return (": not calls
		}
		if i+1 < len(body) && body[i+1].Text == "(" && !numericLike(t.Text) && !isScalarType(t.Text) {
			return true
		}
	}
	return false
}

// isScalarType reports whether name is a scalar type name (a constructor
// or a cast: "float(x)").
func isScalarType(name string) bool {
	for _, sc := range scalarTypes {
		if name == sc {
			return true
		}
	}
	return false
}

// Definition returns the syntax of the function name's definition, when
// the unit defines it exactly once (overloads and prototypes alone: false).
func (u *Unit) Definition(name string) (*FuncSyntax, bool) {
	var def *funcDecl
	for _, f := range u.idx.funcs[name] {
		if f.Body == nil {
			continue
		}
		if def != nil {
			return nil, false
		}
		def = f
	}
	if def == nil {
		return nil, false
	}
	fs := u.funcSyntax(def)
	return &fs, true
}
