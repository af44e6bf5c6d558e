package hlsl

import (
	"fmt"
	"slices"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/shpack/shpack/ir"
)

// An EntryPoint is a function seen as a shader entry point, with what a
// source transform needs to wrap it: its signatures, its return value and
// parameters as written and which signature elements each of them holds,
// and the tokens that spell its name and end its body.
type EntryPoint struct {
	Name    string
	In, Out *ir.Signature
	Return  EntryReturn
	Params  []EntryParam
	// Decls are the function's declarations, prototypes and the
	// definition, in source order, by their tokens: what a rewrite that
	// edits the function in place edits.
	Decls []FuncSyntax
	// Calls are the tokens naming the function in a call inside a
	// function body ("F(" not after a "."), in source order. Uses in
	// techniques and shader variables are not among them: they name the
	// entry point, not the function; nor are members, parameters or
	// variables spelled like it.
	Calls []Token
	// Close is the "}" that ends the definition's body.
	Close Token
	// Pos is where the definition starts.
	Pos ir.Pos
}

// EntryReturn is an entry point's return value.
type EntryReturn struct {
	Type     string // spelled: "VS_OUTPUT", "float4", "void"
	Semantic string // the semantic after the parameter list as written, "" if none
	Struct   bool   // the type is a struct
	// Out is the range [first, end) of the output elements it holds.
	Out [2]int
}

// EntryParam is one parameter of an entry point.
type EntryParam struct {
	Name string
	Pos  ir.Pos
	// Text is the parameter as written (modifiers, type, name, array
	// dimensions, semantic, binding and default).
	Text string
	// Bare is Text without the in, out and inout keywords.
	Bare string
	// Decl declares a local variable like the parameter: its matrix-order
	// modifier, type, name and dimensions ("row_major float4x3 M[2]").
	Decl string
	// Type is the spelled type, without modifiers or dimensions.
	Type string
	// Semantic is the parameter's own semantic as written, "" if none.
	Semantic string
	// Mods are the modifiers as written.
	Mods []string
	// In, Out and Uniform say what the parameter is: in (also for no
	// keyword) and out (inout is both); uniform parameters are neither.
	In, Out, Uniform bool
	// Struct is set for a struct-typed parameter without dimensions.
	Struct bool
	// InElems and OutElems are the ranges [first, end) of the elements the
	// parameter holds in the entry point's In and Out signatures.
	InElems, OutElems [2]int
}

// Functions names the functions the unit defines (with a body), in source
// order, each once.
func (u *Unit) Functions() []string {
	var out []string
	seen := map[string]bool{}
	for _, d := range u.syntax.Decls {
		if f := d.Func; f != nil && f.Body != nil && !seen[f.Name.Text] {
			seen[f.Name.Text] = true
			out = append(out, f.Name.Text)
		}
	}
	return out
}

// EntryPoint lowers the function name and describes it as an entry point
// (see EntryPoint). Errors are ir.ErrorList values; when there is no such
// function, a *NotFoundError.
func (u *Unit) EntryPoint(name string) (*EntryPoint, error) {
	decls := u.idx.funcs[name]
	var def *funcDecl
	for _, f := range decls {
		if f.Body != nil {
			if def != nil {
				return nil, ir.ErrorList{u.errorAt(f.Pos, "function %s is defined more than once (overloads cannot be entry points)", name)}
			}
			def = f
		}
	}
	switch {
	case len(decls) == 0:
		return nil, u.notFound("function", name)
	case def == nil:
		return nil, ir.ErrorList{u.errorAt(decls[0].Pos, "function %s is declared but never defined", name)}
	}
	var shape funcShape
	in, out, err := u.lowerFuncShape(def, &shape)
	if err != nil {
		return nil, err
	}
	pl, err := u.paramsOf(def)
	if err != nil {
		return nil, err
	}
	ep := &EntryPoint{Name: name, In: in, Out: out, Pos: u.pos(def.Pos), Close: u.tokens[def.Body.Close.Offset]}
	ep.Return = EntryReturn{Type: typeText(def.Ret), Out: [2]int{0, shape.ret}}
	if def.Sem != nil {
		ep.Return.Semantic = def.Sem.Semantic
	}
	if sh, err := u.resolve(def.Ret, 0); err == nil && sh.kind == shapeStruct && len(sh.dims) == 0 {
		ep.Return.Struct = true
	}
	groups := paramTokens(u.groupTokens(def.Params, 0))
	if len(groups) != len(pl.Params) {
		// The parameters were read where a bracket stays open across a
		// ",": "float a[4, float b[2], float c" (a Dim ends at its first
		// "]").
		return nil, ir.ErrorList{u.errorAt(def.Params.Pos, "cannot tell the parameters of %s apart: a bracket in its parameter list stays open across a \",\"", name)}
	}
	for k, p := range pl.Params {
		ep.Params = append(ep.Params, u.entryParam(p, groups[k], shape.params[k]))
	}
	for _, f := range decls {
		ep.Decls = append(ep.Decls, u.funcSyntax(f))
	}
	ep.Calls = slices.Clone(u.idx.calls[name])
	return ep, nil
}

// FuncSyntax is one declaration of a function as tokens: where each part
// of "[attrs] mods Ret Name(Params) : SEM { Body }" stands.
type FuncSyntax struct {
	// Start is the declaration's first token (an attribute, a modifier or
	// the return type); Prev the token before it (Ctx -1 at the start of
	// the unit): a rewrite that inserts text before a declaration whose
	// first token a macro made checks that the macro's invocation makes
	// nothing before it.
	Start, Prev Token
	// Ret are the return type's tokens, Name the function's name.
	Ret  []Token
	Name Token
	// Open and CloseParen are the parameter list's parentheses; Params
	// are each parameter's tokens and Commas the commas between them
	// (len(Params)-1 of them). A "(void)" list has no Params.
	Open, CloseParen Token
	Params           [][]Token
	Commas           []Token
	// Sem is the ": SEMANTIC" (or ": register(...)") after the list, nil
	// if none.
	Sem []Token
	// Body are the definition's tokens from "{" to "}"; nil for a
	// prototype, whose End is its ";".
	Body []Token
	End  Token
}

// funcSyntax collects the tokens of one declaration of a function.
func (u *Unit) funcSyntax(f *funcDecl) FuncSyntax {
	open, closeParen := f.Params.Pos.Offset, f.Params.Close.Offset
	fs := FuncSyntax{
		Start: u.tokens[f.Pos.Offset],
		Prev:  Token{Ctx: -1},
		Ret:   u.tokens[f.Ret.Pos.Offset:f.Name.Pos.Offset],
		Name:  u.tokens[f.Name.Pos.Offset],
		Open:  u.tokens[open], CloseParen: u.tokens[closeParen],
	}
	if f.Pos.Offset > 0 {
		fs.Prev = u.tokens[f.Pos.Offset-1]
	}
	start := open + 1
	inner := u.tokens[open+1 : closeParen]
	if !(len(inner) == 1 && inner[0].Text == "void") && len(inner) > 0 {
		// A parameter ends at a "," outside the brackets it nests (a
		// default value "= float2(0, 1)"), or at the list's ")".
		s := bracketScan{kinds: nesting}
		for i := open + 1; i <= closeParen; i++ {
			t := u.tokens[i]
			if i < closeParen && s.step(t.Text) != 0 {
				continue
			}
			if t.Text == "," && s.depth() == 0 || i == closeParen {
				fs.Params = append(fs.Params, u.tokens[start:i])
				if i < closeParen {
					fs.Commas = append(fs.Commas, t)
				}
				start = i + 1
			}
		}
	}
	if f.Sem != nil {
		end := len(u.tokens)
		if f.Body != nil {
			end = f.Body.Pos.Offset
		}
		for i := f.Sem.Pos.Offset; i < end && u.tokens[i].Text != ";"; i++ {
			fs.Sem = append(fs.Sem, u.tokens[i])
		}
	}
	if f.Body != nil {
		fs.Body = u.tokens[f.Body.Pos.Offset : f.Body.Close.Offset+1]
		fs.End = u.tokens[f.Body.Close.Offset]
	} else {
		i := closeParen + 1 + len(fs.Sem)
		if i < len(u.tokens) {
			fs.End = u.tokens[i]
		}
	}
	return fs
}

func (u *Unit) entryParam(p *param, toks []lexer.Token, r paramRange) EntryParam {
	ep := EntryParam{Name: p.Name, Pos: u.pos(p.Pos), Text: u.spell(toks), Type: typeText(p.Type), InElems: r.in, OutElems: r.out}
	keyword := map[int]bool{} // token indices of in/out/inout
	var order []string
	for _, m := range p.Mods {
		ep.Mods = append(ep.Mods, m.Word)
		switch m.Word {
		case "in":
			ep.In = true
			keyword[m.Pos.Offset] = true
		case "out":
			ep.Out = true
			keyword[m.Pos.Offset] = true
		case "inout":
			ep.In, ep.Out = true, true
			keyword[m.Pos.Offset] = true
		case "uniform":
			ep.Uniform = true
		case "row_major", "column_major":
			order = append(order, m.Word)
		}
	}
	if ep.Uniform {
		ep.In, ep.Out = false, false
	} else if !ep.In && !ep.Out {
		ep.In = true
	}
	var bare []lexer.Token
	for _, t := range toks {
		if !keyword[t.Pos.Offset] {
			bare = append(bare, t)
		}
	}
	ep.Bare = u.spell(bare)
	if a := semanticOf(p.Anns); a != nil {
		ep.Semantic = a.Semantic
	}
	var dims strings.Builder
	for _, d := range p.Dims {
		dims.WriteString("[" + strings.Join(d.Expr, " ") + "]")
	}
	ep.Decl = strings.TrimSpace(strings.Join(order, " ") + " " + ep.Type + " " + p.Name + dims.String())
	if sh, err := u.resolve(p.Type, 0); err == nil && sh.kind == shapeStruct && len(sh.dims) == 0 && len(p.Dims) == 0 {
		ep.Struct = true
	}
	return ep
}

// paramTokens splits a parenthesized parameter list into the tokens of
// each parameter.
func paramTokens(group []lexer.Token) [][]lexer.Token {
	if len(group) < 2 {
		return nil
	}
	inner := group[1 : len(group)-1]
	if len(inner) == 1 && inner[0].Value == "void" {
		return nil // (void): no parameters, as FuncSyntax reads it
	}
	return splitTop(inner)
}

// typeText spells a parsed type.
func typeText(t *typeNode) string {
	s := t.Name
	if t.Unsigned {
		s = "unsigned " + s
	}
	if len(t.Args) > 0 {
		s += "<" + strings.Join(t.Args, ", ") + ">"
	}
	return s
}

// Identifiers returns every identifier the unit's tokens spell after
// preprocessing and every macro name it defines, for choosing names that
// collide with nothing.
func (u *Unit) Identifiers() map[string]bool {
	ids := map[string]bool{}
	for _, m := range u.PP.Macros {
		ids[m] = true
	}
	for i := range u.tokens {
		if u.tokens[i].Kind == TokIdent {
			ids[u.tokens[i].Text] = true
		}
	}
	return ids
}

// NotFoundError says that a unit has no struct or function of a name. Like
// every error of a Unit it is an ir.ErrorList (positioned at the file), so
// ir.Errors finds it; errors.As tells it from a declaration that exists but
// does not lower.
type NotFoundError struct {
	Kind, Name string // "struct" or "function", and the name asked for
	Hint       string // the unit's struct or function it may mean, or ""
	List       ir.ErrorList
}

// Error prints the diagnostic: "file: error: no struct named "X"".
func (e *NotFoundError) Error() string { return e.List.Error() }

// Unwrap returns the diagnostic as an ir.ErrorList.
func (e *NotFoundError) Unwrap() error { return e.List }

// Message is the diagnostic's text without the file: no struct named "X",
// and "; did you mean Y?" when the unit has a Y close to X.
func (e *NotFoundError) Message() string {
	if e.Hint != "" {
		return fmt.Sprintf("no %s named %q; did you mean %s?", e.Kind, e.Name, e.Hint)
	}
	return fmt.Sprintf("no %s named %q", e.Kind, e.Name)
}

// notFound makes the error for a struct or function the unit lacks.
func (u *Unit) notFound(kind, name string) error {
	names := u.Functions()
	if kind == "struct" {
		names = nil
		for _, d := range u.syntax.Decls {
			if d.Struct != nil && d.Struct.Name != nil {
				names = append(names, d.Struct.Name.Text)
			}
		}
	}
	e := &NotFoundError{Kind: kind, Name: name, Hint: ir.SuggestName(name, names)}
	e.List = ir.ErrorList{&ir.Error{Pos: ir.Pos{File: u.Name}, Msg: e.Message()}}
	return e
}
