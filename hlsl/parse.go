package hlsl

import (
	"errors"
	"io"
	"reflect"
	"slices"
	"sort"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/shpack/shpack/hlsl/pp"
	"github.com/shpack/shpack/ir"
)

// The grammar below reads the parts of HLSL that carry semantics and skips the
// rest. It runs on the preprocessor's output, not on text: the tokens are
// handed to participle through tokenDefinition, and every lexer.Position's
// Offset field holds the token's index in that stream (not a byte offset), so
// a syntax-tree position leads back to the token and its include chain.
//
// Skipping is robust and never silent where it matters:
//   - a top-level construct that is not a struct, typedef, integer constant or
//     function is skipped up to its ';' or to the end of its first {...} block
//     (globals, samplers with sampler_state {...}, cbuffers, techniques,
//     annotations);
//   - a skipped construct never begins with "struct", so a malformed struct is
//     always a syntax error;
//   - function bodies and parameter lists are taken as balanced token runs
//     (Block, Group); the parameters are parsed separately, when a function's
//     signature is wanted, so a helper function with exotic parameters does
//     not stop the file from parsing.
//
// Guards at the start of Struct, Const and Func are lookahead groups (?= ...)
// over plain tokens, so a construct is chosen before anything is consumed.

// File is the syntax tree of one preprocessed translation unit.
type File struct {
	Decls []*Decl `parser:"@@*"`
}

// Decl is one top-level declaration. Exactly one field is set.
type Decl struct {
	Pos     lexer.Position
	Pragma  string       `parser:"  @Pragma"`
	Struct  *StructDecl  `parser:"| @@"`
	Typedef *TypedefDecl `parser:"| @@"`
	Const   *ConstDecl   `parser:"| @@"`
	// Techniques and shader variables come before functions: a shader
	// variable's declaration would otherwise not be told from a function
	// returning VertexShader only after its name.
	Technique *TechniqueDecl `parser:"| @@"`
	ShaderVar *ShaderVarDecl `parser:"| @@"`
	Func      *FuncDecl      `parser:"| @@"`
	Skip      *Skip          `parser:"| @@"`
}

// StructDecl is "struct Name { members } [declarators];" or a declaration of
// variables of a struct type ("struct Name v;").
type StructDecl struct {
	Pos  lexer.Position
	Name *Name         `parser:"'struct' @@"`
	Body *StructBody   `parser:"@@?"`
	Vars []*Declarator `parser:"( @@ ( ',' @@ )* )? ';'"`
}

// StructBody is the braced member list of a struct.
type StructBody struct {
	Pos     lexer.Position
	Members []*Member `parser:"'{' @@* '}'"`
}

// Member is one member declaration of a struct: modifiers, a type, and one or
// more declarators ("float2 a : TEXCOORD0, b : TEXCOORD1;").
type Member struct {
	Pos   lexer.Position
	Mods  []*Modifier   `parser:"@@*"`
	Type  *Type         `parser:"@@"`
	Decls []*Declarator `parser:"@@ ( ',' @@ )* ';'"`
}

// Modifier is a storage, interpolation, precision or matrix-order keyword.
// It is matched by a table lookup (Parse) rather than a grammar
// alternation of 29 literals, which keeps the grammar cheap to build: every
// shpack process builds it once.
type Modifier struct {
	Pos  lexer.Position
	Word string
}

// modifierWords are the keywords Modifier accepts.
var modifierWords = map[string]bool{
	"linear": true, "centroid": true, "nointerpolation": true, "noperspective": true, "sample": true,
	"precise": true, "row_major": true, "column_major": true, "const": true, "snorm": true, "unorm": true,
	"uniform": true, "static": true, "volatile": true, "in": true, "out": true, "inout": true,
	"point": true, "line": true, "triangle": true, "lineadj": true, "triangleadj": true,
	"inline": true, "noinline": true, "extern": true, "export": true, "shared": true, "groupshared": true,
}

// Parse implements participle.Parseable.
func (m *Modifier) Parse(lex *lexer.PeekingLexer) error {
	t := lex.Peek()
	if t.Type != tokType(TokIdent) || !modifierWords[t.Value] {
		return participle.NextMatch
	}
	m.Pos, m.Word = t.Pos, t.Value
	lex.Next()
	return nil
}

// Type is a type name, optionally with template arguments
// ("float4", "vector<float, 3>", "matrix<half, 4, 3>", "unsigned int").
type Type struct {
	Pos      lexer.Position
	Unsigned bool     `parser:"@'unsigned'?"`
	Name     string   `parser:"@Ident"`
	Args     []string `parser:"( '<' @( Ident | Int ) ( ',' @( Ident | Int ) )* '>' )?"`
}

// Name is an identifier with its position.
type Name struct {
	Pos  lexer.Position
	Text string `parser:"@Ident"`
}

// Declarator is a declared name with its array dimensions and annotations
// (semantic, register or packoffset).
type Declarator struct {
	Pos  lexer.Position
	Name string        `parser:"@Ident"`
	Dims []*Dim        `parser:"@@*"`
	Anns []*Annotation `parser:"@@*"`
}

// Dim is one array dimension, kept as tokens: sizes are constant integer
// expressions that Lower evaluates ("[4]", "[MAX/4]", "[N]").
type Dim struct {
	Pos    lexer.Position
	Tokens []lexer.Token
	Expr   []string `parser:"'[' @~']'* ']'"`
}

// Annotation is what follows a ':' after a declarator: a semantic, or a
// register(...) / packoffset(...) binding, which shpack ignores.
type Annotation struct {
	Pos      lexer.Position
	Binding  string `parser:"':' ( @( 'register' | 'packoffset' ) '(' ~')'* ')'"`
	Semantic string `parser:"    | @Ident )"`
}

// TypedefDecl is "typedef [modifiers] type name[dims];".
type TypedefDecl struct {
	Pos  lexer.Position
	Mods []*Modifier `parser:"'typedef' @@*"`
	Type *Type       `parser:"@@"`
	Name *Name       `parser:"@@"`
	Dims []*Dim      `parser:"@@* ';'"`
}

// ConstDecl is a global constant with an initializer, such as
// "static const int N = 4;": integer constants may size arrays.
type ConstDecl struct {
	Pos   lexer.Position
	Mods  []string `parser:"(?= ( 'static' | 'const' | 'uniform' | 'extern' )+ Ident Ident '=' ) @( 'static' | 'const' | 'uniform' | 'extern' )+"`
	Type  *Type    `parser:"@@"`
	Name  *Name    `parser:"@@ '='"`
	Value *Expr    `parser:"@@ ';'"`
}

// FuncDecl is a function declaration or definition. The parameter list is
// kept as tokens and parsed by Params when needed; the body is skipped.
type FuncDecl struct {
	Pos    lexer.Position
	Attrs  []*Attribute `parser:"(?= ( '[' ~']'* ']' )* ( 'static' | 'inline' | 'precise' | 'const' | 'row_major' | 'column_major' | 'export' | 'extern' | 'uniform' | 'shared' | 'noinline' )* Ident ( '<' ~( '>' | ';' | '{' )* '>' )? Ident '(' ) @@*"`
	Mods   []*Modifier  `parser:"@@*"`
	Ret    *Type        `parser:"@@"`
	Name   *Name        `parser:"@@"`
	Params *Group       `parser:"@@"`
	Sem    *Annotation  `parser:"@@?"`
	Body   *Block       `parser:"( @@ | ';' )"`
}

// Attribute is a bracketed attribute before a function ("[numthreads(8,8,1)]").
type Attribute struct {
	Pos  lexer.Position
	Text []string `parser:"'[' @~']'* ']'"`
}

// Param is one parameter of a function.
type Param struct {
	Pos     lexer.Position
	Mods    []*Modifier   `parser:"@@*"`
	Type    *Type         `parser:"@@"`
	Name    string        `parser:"@Ident"`
	Dims    []*Dim        `parser:"@@*"`
	Anns    []*Annotation `parser:"@@*"`
	Default *Expr         `parser:"( '=' @@ )?"`
}

// ParamList is a parenthesized parameter list.
type ParamList struct {
	Pos    lexer.Position
	Void   bool     `parser:"'(' ( @'void'"`
	Params []*Param `parser:"    | ( @@ ( ',' @@ )* ) )? ')'"`
}

// Skip is a top-level construct shpack does not need: everything up to and
// including the next ';' outside braces, or up to the end of the first
// balanced {...} block (and a ';' right after it).
type Skip struct {
	Pos lexer.Position
}

// Parse implements participle.Parseable.
func (s *Skip) Parse(lex *lexer.PeekingLexer) error {
	t := lex.Peek()
	if t.EOF() || t.Value == "}" || t.Value == "struct" || t.Value == "typedef" || t.Type == tokType(TokPragma) ||
		techniqueWords[strings.ToLower(t.Value)] {
		return participle.NextMatch
	}
	s.Pos = t.Pos
	for {
		t := lex.Peek()
		switch {
		case t.EOF():
			return participle.Errorf(t.Pos, `unexpected end of file (expected ";")`)
		case t.Value == ";":
			lex.Next()
			return nil
		case t.Value == "}":
			return participle.Errorf(t.Pos, `unexpected token "}"`)
		case t.Value == "{":
			if _, err := skipBalanced(lex, "{", "}"); err != nil {
				return err
			}
			if lex.Peek().Value == ";" {
				lex.Next()
			}
			return nil
		default:
			lex.Next()
		}
	}
}

// Block is a balanced {...} token run, skipped.
type Block struct {
	Pos   lexer.Position
	Close lexer.Position // the closing "}"
}

// Parse implements participle.Parseable.
func (b *Block) Parse(lex *lexer.PeekingLexer) error {
	if lex.Peek().Value != "{" {
		return participle.NextMatch
	}
	b.Pos = lex.Peek().Pos
	closePos, err := skipBalanced(lex, "{", "}")
	b.Close = closePos
	return err
}

// Group is a balanced (...) token run, kept: a function's parameter list.
type Group struct {
	Pos    lexer.Position
	Tokens []lexer.Token
}

// Parse implements participle.Parseable.
func (g *Group) Parse(lex *lexer.PeekingLexer) error {
	if lex.Peek().Value != "(" {
		return participle.NextMatch
	}
	g.Pos = lex.Peek().Pos
	start := lex.RawCursor()
	if _, err := skipBalanced(lex, "(", ")"); err != nil {
		return err
	}
	g.Tokens = lex.Range(start, lex.RawCursor())
	return nil
}

// Expr is an initializer or default value: tokens up to the next ',' ')' or
// ';' outside brackets, kept for constant evaluation.
type Expr struct {
	Pos    lexer.Position
	Tokens []lexer.Token
}

// Parse implements participle.Parseable.
func (e *Expr) Parse(lex *lexer.PeekingLexer) error {
	t := lex.Peek()
	e.Pos = t.Pos
	depth := 0
	for {
		t := lex.Peek()
		switch t.Value {
		case "(", "[", "{":
			depth++
		case ")", "]", "}":
			if depth == 0 {
				return e.done()
			}
			depth--
		case ",", ";":
			if depth == 0 {
				return e.done()
			}
		}
		if t.EOF() {
			return participle.Errorf(t.Pos, "unexpected end of file in expression")
		}
		e.Tokens = append(e.Tokens, *lex.Next())
	}
}

func (e *Expr) done() error {
	if len(e.Tokens) == 0 {
		return participle.NextMatch
	}
	return nil
}

// skipBalanced consumes an open token, everything up to its matching close
// token (nesting counted), and the close token, whose position it returns.
func skipBalanced(lex *lexer.PeekingLexer, open, close string) (lexer.Position, error) {
	first := lex.Next()
	depth := 1
	for {
		t := lex.Next()
		switch {
		case t.EOF():
			return lexer.Position{}, participle.Errorf(first.Pos, "%q has no matching %q", open, close)
		case t.Value == open:
			depth++
		case t.Value == close:
			depth--
			if depth == 0 {
				return t.Pos, nil
			}
		}
	}
}

// tokenDefinition adapts preprocessed tokens to participle.
type tokenDefinition struct{}

func tokType(k TokKind) lexer.TokenType {
	if k == TokEOF {
		return lexer.EOF
	}
	return lexer.TokenType(k)
}

var symbols = map[string]lexer.TokenType{
	"EOF":    lexer.EOF,
	"Ident":  tokType(TokIdent),
	"Int":    tokType(TokInt),
	"Float":  tokType(TokFloat),
	"String": tokType(TokString),
	"Char":   tokType(TokChar),
	"Punct":  tokType(TokPunct),
	"Other":  tokType(TokOther),
	"Pragma": tokType(TokPragma),
}

func (tokenDefinition) Symbols() map[string]lexer.TokenType { return symbols }

func (tokenDefinition) Lex(string, io.Reader) (lexer.Lexer, error) {
	return nil, errors.New("hlsl: the grammar runs on preprocessed tokens only")
}

// sliceLexer feeds a token slice to participle.
type sliceLexer struct {
	toks []lexer.Token
	i    int
}

func (l *sliceLexer) Next() (lexer.Token, error) {
	if l.i >= len(l.toks) {
		return l.toks[len(l.toks)-1], nil
	}
	t := l.toks[l.i]
	l.i++
	return t, nil
}

// tokenLexer feeds the unit's tokens from index i on to participle,
// converting each as it is read (a converted copy of them all would be
// one more token array at the peak); Offset is the token's index in the
// unit. After the last token it returns EOF.
type tokenLexer struct {
	toks []Token
	i    int
	// bodies maps the "{" of each function body to its "}": participle
	// gets the two braces and none of the tokens between them (see
	// functionBodies).
	bodies map[int32]int32
	// skips are declarations participle need not see (hiddenSkips), in
	// order; skipped gets the ones stepped over.
	skips   []span
	skipped []span
	// jumped gets the "{" of every body stepped over.
	jumped []int32
}

func (l *tokenLexer) Next() (lexer.Token, error) {
	for len(l.skips) > 0 && int(l.skips[0].start) <= l.i {
		if sp := l.skips[0]; int(sp.start) == l.i && int(sp.end) <= len(l.toks) {
			l.skipped = append(l.skipped, sp)
			l.i = int(sp.end)
		}
		l.skips = l.skips[1:]
	}
	if l.i >= len(l.toks) {
		return lexer.Token{Type: lexer.EOF, Pos: lexer.Position{Offset: len(l.toks)}}, nil
	}
	at := l.i
	t := l.toks[at]
	l.i++
	if t.Kind == TokPunct && t.Text == "{" {
		if end, ok := l.bodies[int32(at)]; ok && int(end) < len(l.toks) {
			l.i = int(end) // the "}" comes next
			l.jumped = append(l.jumped, int32(at))
		}
	}
	lt := lexer.Token{
		Type:  tokType(t.Kind),
		Value: t.Text,
		Pos:   lexer.Position{Filename: t.Pos.File, Offset: at, Line: t.Pos.Line, Column: t.Pos.Col},
	}
	if lt.Type == lexer.EOF {
		l.i = len(l.toks)
	}
	return lt, nil
}

// functionBodies finds the body of every function defined at the top
// level: a "{" at brace depth 0 right after the ")" of a parameter list (or
// after ") : SEMANTIC"), and its matching "}". Participle needs neither the
// statements nor the expressions in them (Block skips them), and a body
// holds most of a shader's tokens, each of which it would copy (lexer.
// Upgrade) and step over; what a body holds that shpack reads (calls of
// entry points, the closing "}") is read from the unit's tokens. A "{"
// after ")" that opens something else (a cbuffer's register(b0) {...}) is
// skipped by the grammar anyway; an unmatched "{" is left to the parser.
func (u *Unit) functionBodies() map[int32]int32 {
	toks := u.tokens
	var out map[int32]int32
	depth := 0
	for i := 0; i < len(toks); i++ {
		t := &toks[i]
		if t.Kind != TokPunct {
			continue
		}
		switch t.Text {
		case "}":
			if depth > 0 {
				depth--
			}
		case "{":
			if depth > 0 {
				depth++
				continue
			}
			j := i - 1
			if j >= 2 && toks[j].Kind == TokIdent && toks[j-1].Kind == TokPunct && toks[j-1].Text == ":" {
				j -= 2
			}
			if j < 0 || toks[j].Kind != TokPunct || toks[j].Text != ")" {
				depth++
				continue
			}
			end, d := -1, 0
			for k := i; k < len(toks) && end < 0; k++ {
				if toks[k].Kind == TokPunct {
					switch toks[k].Text {
					case "{":
						d++
					case "}":
						if d--; d == 0 {
							end = k
						}
					}
				}
			}
			if end < 0 {
				return out // unbalanced: the parser reports it
			}
			if end > i+1 {
				if out == nil {
					out = map[int32]int32{}
				}
				out[int32(i)] = int32(end)
			}
			i = end
		}
	}
	return out
}

// minChunk is the fewest tokens parseChunked gives participle at a time
// (a chunk ends at the first safe cut after it).
const minChunk = 1 << 12

// parseChunked parses the unit's tokens a run of top-level declarations at
// a time, hiding the declarations of u.skips from participle (see
// hiddenSkips). Participle copies the tokens it parses into an array of its own
// (lexer.Upgrade), as large as the unit's token array when it is given the
// whole file; chunks keep that copy small, which lowers the peak memory of
// a large file by about a third. A chunk ends after a ";" outside every
// bracket — braces, parentheses, square brackets and the angle brackets of
// annotations and templates — which ends a top-level declaration in the
// grammar (see nextCut), so the chunks' declarations are the ones a parse
// of the whole file finds (TestParseChunkedSameTree checks this over both
// corpora). If any chunk does not parse, the whole file is parsed again in
// one piece (whole reports that), so syntax errors and their recovery are
// as they always were.
func (u *Unit) parseChunked(fp *participle.Parser[File], min int) (f *File, whole bool, err error) {
	f = &File{}
	skips := u.skips
	for start := 0; start < len(u.tokens); {
		end := u.nextCut(start, min)
		for len(skips) > 0 && int(skips[0].start) < start {
			skips = skips[1:]
		}
		part, skipped, err := u.parseChunk(fp, start, end, true, skips)
		if err != nil || part == nil {
			// A syntax error, or what was hidden was not what the grammar
			// skips: the chunk again, with nothing hidden.
			part, skipped, err = u.parseChunk(fp, start, end, false, nil)
		}
		if err != nil {
			f, err := u.parseWhole(fp)
			return f, true, err
		}
		detachTokens(reflect.ValueOf(part))
		f.Decls = u.mergeSkips(f.Decls, part.Decls, skipped)
		start = end
	}
	return f, false, nil
}

// parseChunk parses tokens [start, end), with function bodies and the
// declarations of skips hidden if hide is set, and returns the hidden
// declarations it stepped over. If what it hid turns out not to be what
// the grammar skips, it returns nil and no error.
func (u *Unit) parseChunk(fp *participle.Parser[File], start, end int, hide bool, skips []span) (*File, []span, error) {
	tl := &tokenLexer{toks: u.tokens[:end], i: start}
	if hide {
		tl.bodies, tl.skips = u.bodies, skips
	}
	lex, err := lexer.Upgrade(tl)
	if err != nil {
		return nil, nil, err
	}
	part, err := fp.ParseFromLexer(lex)
	if err == nil && hide && !hidingHeld(part, tl) {
		return nil, nil, nil
	}
	return part, tl.skipped, err
}

// hidingHeld reports whether what tl hid from participle is what the
// grammar skips: every body it stepped over is a function's body or the
// first brace block of a Skip declaration, and every hidden declaration
// that starts after the "}" of a body follows such a body (see
// hiddenSkips). Only nonsense fails this (an initializer "g() {1}"), and
// its chunk is parsed again with nothing hidden.
func hidingHeld(part *File, tl *tokenLexer) bool {
	if len(tl.jumped) == 0 && len(tl.skipped) == 0 {
		return true
	}
	bodyAt := map[int]bool{}
	for _, d := range part.Decls {
		if d.Func != nil && d.Func.Body != nil {
			bodyAt[d.Func.Body.Pos.Offset] = true
		}
	}
	// held is whether the body at b is a function's or a Skip's.
	held := func(b int) bool {
		if bodyAt[b] {
			return true
		}
		// The declaration that holds b: the last one that starts before it.
		k := sort.Search(len(part.Decls), func(k int) bool { return part.Decls[k].Pos.Offset > b }) - 1
		return k >= 0 && part.Decls[k].Skip != nil
	}
	opens := make(map[int32]int32, len(tl.jumped)) // the "}" of each body stepped over → its "{"
	for _, b := range tl.jumped {
		if !held(int(b)) {
			return false
		}
		opens[tl.bodies[b]] = b
	}
	for _, sp := range tl.skipped {
		if !sp.afterBody {
			continue
		}
		if _, ok := opens[sp.start-1]; !ok {
			return false
		}
	}
	return true
}

// mergeSkips appends to decls the declarations of a chunk and a Skip
// declaration for each hidden one, in the order of the tokens.
func (u *Unit) mergeSkips(decls, parsed []*Decl, skipped []span) []*Decl {
	for len(parsed) > 0 || len(skipped) > 0 {
		if len(skipped) == 0 || len(parsed) > 0 && parsed[0].Pos.Offset < int(skipped[0].start) {
			decls = append(decls, parsed[0])
			parsed = parsed[1:]
			continue
		}
		t := &u.tokens[skipped[0].start]
		pos := lexer.Position{Filename: t.Pos.File, Offset: int(skipped[0].start), Line: t.Pos.Line, Column: t.Pos.Col}
		decls = append(decls, &Decl{Pos: pos, Skip: &Skip{Pos: pos}})
		skipped = skipped[1:]
	}
	return decls
}

// parseWhole parses the unit's tokens in one piece, recovering from syntax
// errors to report the independent ones.
func (u *Unit) parseWhole(fp *participle.Parser[File]) (*File, error) {
	tl := &tokenLexer{toks: u.tokens, bodies: u.bodies}
	lex, err := lexer.Upgrade(tl)
	if err != nil {
		return nil, err
	}
	f, err := fp.ParseFromLexer(lex)
	if err != nil {
		return nil, u.recoverSyntax(err)
	}
	if !hidingHeld(f, tl) {
		if lex, err = lexer.Upgrade(&tokenLexer{toks: u.tokens}); err != nil {
			return nil, err
		}
		if f, err = fp.ParseFromLexer(lex); err != nil {
			return nil, u.recoverSyntax(err)
		}
	}
	detachTokens(reflect.ValueOf(f))
	return f, nil
}

// nextCut returns where the chunk that starts at token start ends: after
// the first ";" at least min tokens on that stands outside braces,
// parentheses, square brackets and angle brackets, or the end of the
// tokens. Angle brackets are counted at brace depth 0 only (annotations
// "< string UIName = "x"; >" and templates "vector<float, 4>"); a ">"
// with no "<" open, or a shift, makes the rest of the file one chunk: a
// comparison could make the count wrong, and one chunk is always right.
func (u *Unit) nextCut(start, min int) int {
	var brace, paren, square, angle int
	for i := start; i < len(u.tokens); i++ {
		t := &u.tokens[i]
		if t.Kind != TokPunct {
			continue
		}
		switch t.Text {
		case "{":
			brace++
		case "}":
			brace--
		case "(":
			paren++
		case ")":
			paren--
		case "[":
			square++
		case "]":
			square--
		case "<":
			if brace == 0 {
				angle++
			}
		case ">":
			if brace == 0 {
				if angle == 0 {
					return len(u.tokens)
				}
				angle--
			}
		case "<<", ">>", "<<=", ">>=":
			if brace == 0 {
				return len(u.tokens)
			}
		case ";":
			if i+1-start >= min && brace == 0 && paren == 0 && square == 0 && angle == 0 {
				return i + 1
			}
		}
		if brace < 0 || paren < 0 || square < 0 {
			return len(u.tokens) // unbalanced: a syntax error the whole parse reports
		}
	}
	return len(u.tokens)
}

// detachTokens gives every token slice of the syntax tree (Group, Dim and
// Expr tokens, which participle cuts from its own copy of the whole
// token stream) an array of its own, so that the copy can be freed once
// the file is parsed: otherwise the tree keeps a second token array as
// large as the unit's alive.
func detachTokens(v reflect.Value) {
	switch v.Kind() {
	case reflect.Pointer, reflect.Interface:
		if !v.IsNil() {
			detachTokens(v.Elem())
		}
	case reflect.Struct:
		for i := range v.NumField() {
			if f := v.Field(i); f.CanSet() {
				detachTokens(f)
			}
		}
	case reflect.Slice:
		if toks, ok := v.Interface().([]lexer.Token); ok {
			if toks != nil {
				v.Set(reflect.ValueOf(slices.Clone(toks)))
			}
			return
		}
		for i := range v.Len() {
			detachTokens(v.Index(i))
		}
	}
}

// The compiled parsers are immutable and safe for concurrent use; they are
// built once, on first use, so that processes that never parse (usage errors,
// --help) do not pay for it.
var (
	grammarOnce sync.Once
	fileParser  *participle.Parser[File]
	paramParser *participle.Parser[ParamList]
)

func parsers() (*participle.Parser[File], *participle.Parser[ParamList]) {
	grammarOnce.Do(func() {
		// The two grammars are independent: build them side by side, as
		// this is most of a short run's start-up.
		opts := []participle.Option{participle.Lexer(tokenDefinition{}), participle.UseLookahead(2)}
		done := make(chan struct{})
		go func() {
			paramParser = participle.MustBuild[ParamList](opts...)
			close(done)
		}()
		fileParser = participle.MustBuild[File](opts...)
		<-done
	})
	return fileParser, paramParser
}

// Grammar returns the EBNF of the file grammar (for review and golden tests).
func Grammar() string {
	f, p := parsers()
	return f.String() + "\n\n" + p.String()
}

// A Unit is a parsed translation unit: the syntax tree and the preprocessed
// tokens it was parsed from (which hold positions and include chains).
type Unit struct {
	Name   string // the main file's name as given
	File   *File
	PP     *PPResult
	tokens []Token
	// bodies are the function bodies participle does not see, and skips
	// the declarations it need not see.
	bodies map[int32]int32
	skips  []span
	idx    *index
	params map[*FuncDecl]paramsResult
	// semStructs says, for each struct of the unit, whether it has a
	// member with a semantic (structHasSemantics).
	semStructs map[*StructDecl]bool
}

// Parse parses a preprocessed translation unit.
func Parse(name string, pp *PPResult) (*Unit, error) {
	fp, _ := parsers()
	u := &Unit{Name: name, PP: pp, tokens: pp.Tokens}
	if err := u.checkAssembly(); err != nil {
		return nil, err
	}
	u.bodies = u.functionBodies()
	u.skips = u.hiddenSkips()
	f, _, err := u.parseChunked(fp, minChunk)
	if err != nil {
		return nil, err
	}
	u.File = f
	u.buildIndex()
	u.semStructs = u.semanticStructs()
	u.params = map[*FuncDecl]paramsResult{}
	for _, d := range f.Decls {
		if d.Func != nil && u.paramsMatter(d.Func) {
			pl, err := u.parseParams(d.Func)
			u.params[d.Func] = paramsResult{pl, err}
		}
	}
	return u, nil
}

// paramsMatter reports whether a function's parameter list can make it an
// entry point: a ":" that is no register or packoffset binding, or a type
// name that is a struct or a typedef. Most functions of a shader are
// helpers whose lists have neither; they are parsed only when asked for
// (Params), not with the unit.
func (u *Unit) paramsMatter(f *FuncDecl) bool {
	toks := f.Params.Tokens
	for i, t := range toks {
		switch {
		case t.Value == ":" && !(i+1 < len(toks) && (toks[i+1].Value == "register" || toks[i+1].Value == "packoffset")):
			return true
		case t.Type == tokType(TokIdent) && (u.idx.structs[t.Value] != nil || u.idx.typedefs[t.Value] != nil):
			return true
		}
	}
	return false
}

// Params returns the parsed parameter list of a function of the unit. The
// lists that can hold semantics are parsed once, when the unit is parsed;
// the others each time they are asked for, so a Unit stays immutable and
// safe to share.
func (u *Unit) Params(f *FuncDecl) (*ParamList, error) {
	if r, ok := u.params[f]; ok {
		return r.list, r.err
	}
	return u.parseParams(f)
}

type paramsResult struct {
	list *ParamList
	err  error
}

func (u *Unit) parseParams(f *FuncDecl) (*ParamList, error) {
	_, pp := parsers()
	toks := append(f.Params.Tokens[:len(f.Params.Tokens):len(f.Params.Tokens)], u.eofAfter(f.Params.Tokens))
	lex, err := lexer.Upgrade(&sliceLexer{toks: toks})
	if err != nil {
		return nil, err
	}
	pl, err := pp.ParseFromLexer(lex)
	if err != nil {
		return nil, u.syntaxError(err)
	}
	return pl, nil
}

// eofAfter makes an end token positioned at the last token of toks.
func (u *Unit) eofAfter(toks []lexer.Token) lexer.Token {
	last := toks[len(toks)-1]
	return lexer.Token{Type: lexer.EOF, Pos: last.Pos}
}

// pos converts a syntax-tree position to an ir.Pos (participle's types stay
// inside the package).
func (u *Unit) pos(p lexer.Position) ir.Pos {
	return ir.Pos{File: p.Filename, Line: p.Line, Col: p.Column}
}

// chain returns the include chain of the token at a syntax-tree position.
func (u *Unit) chain(p lexer.Position) []ir.Pos {
	if u.PP == nil || p.Offset < 0 || p.Offset >= len(u.tokens) {
		return nil
	}
	return u.PP.Chain(u.tokens[p.Offset].Ctx)
}

// errorAt returns a positioned error at a syntax-tree position, with the
// include chain as notes.
func (u *Unit) errorAt(p lexer.Position, format string, args ...any) *ir.Error {
	return ir.Errorf(u.pos(p), u.chain(p), format, args...)
}

// syntaxError converts a participle error into a positioned diagnostic.
func (u *Unit) syntaxError(err error) error {
	var pe participle.Error
	if !errors.As(err, &pe) {
		return err
	}
	pos := pe.Position()
	msg := pe.Message()
	msg = strings.ReplaceAll(msg, `unexpected token "<EOF>"`, "unexpected end of file")
	msg = strings.ReplaceAll(msg, `"<EOF>"`, "end of file")
	msg = strings.ReplaceAll(msg, "<EOF>", "end of file")
	if pos.Line == 0 && len(u.tokens) > 0 {
		last := u.tokens[len(u.tokens)-1]
		pos = lexer.Position{Filename: last.Pos.File, Line: last.Pos.Line, Column: last.Pos.Col, Offset: len(u.tokens) - 1}
	}
	// A ";" missing at the end of a line is reported there, as gcc does,
	// not at the first token of the next line.
	if i := pos.Offset; strings.HasSuffix(msg, `(expected ";")`) && i > 0 && i < len(u.tokens) {
		prev, next := u.tokens[i-1], u.tokens[i]
		if next.BOL && prev.Pos.File == next.Pos.File && prev.Pos.Line < next.Pos.Line && !prev.Expanded {
			at := lexer.Position{Filename: prev.Pos.File, Line: prev.Pos.Line, Column: prev.Pos.Col + len(prev.Text), Offset: i - 1}
			return ir.ErrorList{u.errorAt(at, "expected \";\" after %s", quote(pp.Short(prev.Text)))}
		}
	}
	return ir.ErrorList{u.errorAt(pos, "%s", msg)}
}

// maxSyntaxErrors bounds the syntax errors one parse reports.
const maxSyntaxErrors = 50

// recoverSyntax reports the syntax error err and every later one that is
// independent of it: as a C compiler does, it skips to the end of the
// top-level declaration that holds the error (its ";" or closing "}" at
// brace depth 0) and parses again from there, until the end of the file.
func (u *Unit) recoverSyntax(err error) error {
	fp, _ := parsers()
	var errs ir.ErrorList
	for len(errs) < maxSyntaxErrors {
		errs = append(errs, ir.Errors(u.syntaxError(err))...)
		var pe participle.Error
		if !errors.As(err, &pe) {
			break
		}
		next := u.declEnd(pe.Position().Offset)
		if next >= len(u.tokens)-1 {
			break
		}
		lex, lerr := lexer.Upgrade(&tokenLexer{toks: u.tokens, i: next, bodies: u.bodies})
		if lerr != nil {
			break
		}
		if _, err = fp.ParseFromLexer(lex); err == nil {
			break
		}
	}
	return errs
}

// declEnd returns the index of the first token after the top-level
// declaration that holds token at: past the next ";" at brace depth 0, or
// a "}" that closes depth 0 when no ";" follows it. Tokens before at are
// scanned for the depth at it.
func (u *Unit) declEnd(at int) int {
	depth := 0
	for i := 0; i < len(u.tokens); i++ {
		t := &u.tokens[i]
		if t.Kind != TokPunct {
			continue
		}
		switch t.Text {
		case "{":
			depth++
		case "}":
			if depth > 0 {
				depth--
			}
			if depth == 0 && i >= at {
				if i+1 < len(u.tokens) && u.tokens[i+1].Kind == TokPunct && u.tokens[i+1].Text == ";" {
					return i + 2
				}
				return i + 1
			}
		case ";":
			if depth == 0 && i >= at {
				return i + 1
			}
		}
	}
	return len(u.tokens)
}

// ParseFile preprocesses and parses src, the contents of the file called
// name. opts may be nil. Errors are an ir.ErrorList.
func ParseFile(name string, src []byte, opts *PPOptions) (*Unit, error) {
	pp, errs := Preprocess(name, src, opts)
	if len(errs) > 0 {
		return nil, errs
	}
	return Parse(name, pp)
}

// checkAssembly reports a file that is Direct3D shader assembly rather than
// HLSL (it starts with a version token such as vs.1.1, vs_2_0 or ps_3_0),
// which would otherwise give a baffling syntax error.
func (u *Unit) checkAssembly() error {
	toks := u.tokens
	if len(toks) == 0 || toks[0].Kind != TokIdent {
		return nil
	}
	first := toks[0]
	version := ""
	switch {
	case asmVersion(first.Text):
		version = first.Text
	case (first.Text == "vs" || first.Text == "ps") && len(toks) > 2 &&
		toks[1].Kind == TokFloat && strings.HasPrefix(toks[1].Text, ".") && !toks[1].Space:
		version = first.Text + toks[1].Text
		if toks[2].Kind == TokFloat && !toks[2].Space {
			version += toks[2].Text
		}
	default:
		return nil
	}
	return ir.ErrorList{ir.Errorf(first.Pos, u.PP.Chain(first.Ctx),
		"this is Direct3D shader assembly (%s), not HLSL: shpack reads HLSL source", version)}
}

// asmVersion reports whether s is an assembly version token like vs_2_0.
func asmVersion(s string) bool {
	if len(s) != 6 || (s[:3] != "vs_" && s[:3] != "ps_") || s[4] != '_' {
		return false
	}
	return s[3] >= '1' && s[3] <= '3' && (s[5] >= '0' && s[5] <= '4' || s[5] == 'x')
}
