package hlsl

import (
	"errors"
	"fmt"
	"strings"
	"sync"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/shpack/shpack/hlsl/pp"
	"github.com/shpack/shpack/ir"
)

// The grammar below reads the parts of HLSL that carry semantics and skips
// the rest, on the preprocessor's tokens; "The grammar" in doc.go says how,
// and its steps 6 to 9 walk a file through Parse.

// syntaxFile is the syntax tree of one preprocessed translation unit.
type syntaxFile struct {
	Decls []*decl `parser:"@@*"`
}

// Parse implements participle.Parseable: the alternatives in order, each
// on the lexer as it was before the first, as participle's disjunction
// tries them. The first that matches is the declaration. One that fails
// past the lookahead is the parse's error, where it stopped; one that
// fails within it lets the next try, and if none matches, the error of
// the one that stopped furthest (the later of equals) is returned with the
// lexer where it stopped, so that the repetition of Decl above sees what
// it saw of the disjunction.
//
// Participle's disjunction keeps the deepest error any rule of a branch
// met, which may lie past where the branch stopped; this copy keeps the
// branch's own error, made the deepest one by parseDecl's probe. The two
// agree because at most one alternative that reads optional parts (the
// participle grammars) gets past its first tokens at any place, and what
// else may fail there (Skip, the hand-read technique and shader variable)
// fails where it stops. An alternative added to Decl must keep that true;
// TestDeclSameAsOneGrammar and FuzzDeclSameAsOneGrammar hold the parse to
// the one grammar Decl was.
func (d *decl) Parse(lex *lexer.PeekingLexer) error {
	start := lex.MakeCheckpoint()
	d.Pos = lex.Peek().Pos
	var soft error
	var softAt lexer.Checkpoint
	for alt := range declAlternatives {
		err := d.parseAlternative(alt, lex)
		switch {
		case err == nil:
			return nil
		case err == participle.NextMatch:
		case lex.Cursor() > start.Cursor()+grammarLookahead:
			return err
		case soft == nil || lex.Cursor() >= softAt.Cursor():
			soft, softAt = err, lex.MakeCheckpoint()
		}
		lex.LoadCheckpoint(start)
	}
	if soft != nil {
		lex.LoadCheckpoint(softAt)
		return soft
	}
	return participle.NextMatch
}

// declAlternatives is how many alternatives Decl has: the cases of
// parseAlternative.
const declAlternatives = 8

// parseAlternative reads alternative alt of Decl, setting its field only
// when it matches.
func (d *decl) parseAlternative(alt int, lex *lexer.PeekingLexer) error {
	var err error
	switch alt {
	case 0:
		f := &funcDecl{}
		if err = f.Parse(lex); err == nil {
			d.Func = f
		}
	case 1:
		s := &structDecl{}
		if err = s.Parse(lex); err == nil {
			d.Struct = s
		}
	case 2:
		t := &techniqueDecl{}
		if err = t.Parse(lex); err == nil {
			d.Technique = t
		}
	case 3:
		c := &constDecl{}
		if err = c.Parse(lex); err == nil {
			d.Const = c
		}
	case 4:
		if t := lex.Peek(); t.Type != tokType(TokPragma) {
			return participle.NextMatch
		}
		d.Pragma = lex.Next().Value
	case 5:
		v := &shaderVarDecl{}
		if err = v.Parse(lex); err == nil {
			d.ShaderVar = v
		}
	case 6:
		t := &typedefDecl{}
		if err = t.Parse(lex); err == nil {
			d.Typedef = t
		}
	case 7:
		k := &skip{}
		if err = k.Parse(lex); err == nil {
			d.Skip = k
		}
	}
	return err
}

// decl is one top-level declaration. Exactly one field is set.
//
//	Decl = FuncDecl | StructDecl | TechniqueDecl | ConstDecl | <pragma>
//	     | ShaderVarDecl | TypedefDecl | Skip .
//
// The alternatives before Skip are told apart by their first tokens, so
// their order only decides how many are tried: the most frequent come
// first. (The function's lookahead refuses what the others take, whatever
// follows: "struct", "typedef", a technique keyword, and a shader type
// followed by a name, a shader variable; the grammar that tried those
// first parsed the same trees.) Parse tries them as participle's
// disjunction would; as a grammar rule, this one alternation cost
// participle as much to build as a struct's rules.
type decl struct {
	Pos       lexer.Position
	Func      *funcDecl
	Struct    *structDecl
	Technique *techniqueDecl
	Const     *constDecl
	Pragma    string
	ShaderVar *shaderVarDecl
	Typedef   *typedefDecl
	Skip      *skip
}

// structDecl is "struct Name { members } [declarators];" or a declaration of
// variables of a struct type ("struct Name v;"). An anonymous struct
// ("struct { float4x4 m; } UserData;") has no Name: nothing can name its
// type, so it is no signature.
type structDecl struct {
	Pos  lexer.Position
	Name *nameNode     `parser:"'struct' @@?"`
	Body *structBody   `parser:"@@?"`
	Vars []*declarator `parser:"( @@ ( ',' @@ )* )? ';'"`
}

// defines reports whether the declaration defines a struct that can be
// named: it has a name and a body.
func (s *structDecl) defines() bool { return s != nil && s.Body != nil && s.Name != nil }

// structBody is the braced member list of a struct.
type structBody struct {
	Pos     lexer.Position
	Members []*member `parser:"'{' @@* '}'"`
}

// member is one member declaration of a struct: modifiers, a type, and one or
// more declarators ("float2 a : TEXCOORD0, b : TEXCOORD1;").
type member struct {
	Pos   lexer.Position
	Mods  []*modifier   `parser:"@@*"`
	Type  *typeNode     `parser:"@@"`
	Decls []*declarator `parser:"@@ ( ',' @@ )* ';'"`
}

// modifier is a storage, interpolation, precision or matrix-order keyword.
// It is matched by a table lookup (Parse) rather than a grammar
// alternation of 29 literals, which keeps the grammars cheap to build:
// every shpack process that parses a struct or a function builds them.
type modifier struct {
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

// typeNode is a type name, optionally with template arguments
// ("float4", "vector<float, 3>", "matrix<half, 4, 3>", "unsigned int"):
//
//	typeNode = "unsigned"? Ident ( "<" ( Ident | Int ) ( "," ( Ident | Int ) )* ">" )?
//
// It is read by Parse, not by a grammar of its own: a type is a token
// pattern that every member and parameter has, and participle's nodes for
// its optional parts cost more than the rest of a member.
type typeNode struct {
	Pos      lexer.Position
	Unsigned bool
	Name     string
	Args     []string
}

// nameNode is an identifier with its position, read by Parse (a grammar rule of
// its own cost participle a node, a capture and a boxed position for every
// name of a unit):
//
//	nameNode = Ident
type nameNode struct {
	Pos  lexer.Position
	Text string
}

// declarator is a declared name with its array dimensions and annotations
// (semantic, register or packoffset):
//
//	declarator = Ident Dim* Annotation*
//
// Like Type, it is a token pattern read by Parse.
type declarator struct {
	Pos  lexer.Position
	Name string
	Dims []*dim
	Anns []*annotation
}

// dim is one array dimension, kept as tokens: sizes are constant integer
// expressions that Lower evaluates ("[4]", "[MAX/4]", "[N]").
//
//	dim = "[" ~"]"* "]"
//
// read by Parse (leaves.go). Tokens holds the brackets too.
type dim struct {
	Pos    lexer.Position
	Tokens []lexer.Token
	Expr   []string
}

// annotation is what follows a ':' after a declarator: a semantic, or a
// register(...) / packoffset(...) binding, which shpack ignores.
type annotation struct {
	Pos      lexer.Position
	Binding  string `parser:"':' ( @( 'register' | 'packoffset' ) '(' ~')'* ')'"`
	Semantic string `parser:"    | @Ident )"`
}

// typedefDecl is "typedef [modifiers] type name[dims];". The type may be a
// struct, defined there or not ("typedef struct VO_ { ... } VO;",
// "typedef struct { ... } VO;", "typedef struct VO_ VO;"): Parse turns a
// struct defined in a typedef into a StructDecl of its own before the
// typedef (named after the typedef when it has no name, and then the
// typedef goes), so that the rest sees the C form "struct VO_ { ... };
// typedef VO_ VO;".
type typedefDecl struct {
	Pos    lexer.Position
	Mods   []*modifier    `parser:"'typedef' @@*"`
	Struct *typedefStruct `parser:"( @@"`
	Type   *typeNode      `parser:"| @@ )"`
	Name   *nameNode      `parser:"@@"`
	Dims   []*dim         `parser:"@@* ';'"`
}

// typedefStruct is the struct a typedef names: "struct Name? { members }?".
type typedefStruct struct {
	Pos  lexer.Position
	Name *nameNode   `parser:"'struct' @@?"`
	Body *structBody `parser:"@@?"`
}

// constDecl is a global constant with an initializer, such as
// "static const int N = 4;": integer constants may size arrays.
type constDecl struct {
	Pos   lexer.Position
	Mods  []string  `parser:"@( 'static' | 'const' | 'uniform' | 'extern' )+"`
	Type  *typeNode `parser:"@@"`
	Name  *nameNode `parser:"@@ '='"`
	Value *expr     `parser:"@@"`
	// More are the declarators after the first, of the same type:
	// static const int A = 2, B = 3; (libretro's shaders).
	More []*moreConst `parser:"@@* ';'"`
}

// moreConst is a declarator of a constant after the first: a name, and
// its value when it has one.
type moreConst struct {
	Name  *nameNode `parser:"',' @@"`
	Value *expr     `parser:"( '=' @@ )?"`
}

// constLookahead is the lookahead that tells a constant from the other
// declarations before anything is consumed, the guard constDecl.Parse
// checks before the constant's grammar runs:
//
//	( "static" | "const" | "uniform" | "extern" )+ Ident Ident "="
//
// It is read by hand rather than as a lookahead group of the grammar,
// where participle tried the four modifiers one by one for every token
// (about 50 grammar nodes a constant).
type constLookahead struct{}

// funcDecl is a function declaration or definition. The parameter list is
// kept as tokens and parsed by Params when needed; the body is skipped.
type funcDecl struct {
	Pos    lexer.Position
	Attrs  []*attribute `parser:"@@*"`
	Mods   []*modifier  `parser:"@@*"`
	Ret    *typeNode    `parser:"@@"`
	Name   *nameNode    `parser:"@@"`
	Params *group       `parser:"@@"`
	Sem    *annotation  `parser:"@@?"`
	Body   *block       `parser:"( @@ | ';' )"`
}

// funcLookahead is the lookahead that tells a function from the other
// declarations before anything is consumed, the guard funcDecl.Parse
// checks before the function's grammar runs:
//
//	( "[" ~"]"* "]" )* FuncMod* Ident ( "<" ~( ">" | ";" | "{" )* ">" )? Ident "("
//
// where FuncMod is one of funcLookaheadMods, and the declaration does not
// begin with "struct", "typedef", a technique keyword, or a shader type
// (VertexShader, PixelShader) and a name. It is read by hand rather
// than as a lookahead group of the grammar, which costs participle a
// branch for every token it looks at.
type funcLookahead struct{}

// funcLookaheadMods are the modifiers FuncLookahead steps over.
var funcLookaheadMods = map[string]bool{"static": true, "inline": true, "precise": true, "const": true, "row_major": true,
	"column_major": true, "export": true, "extern": true, "uniform": true, "shared": true, "noinline": true}

// attribute is a bracketed attribute before a function ("[numthreads(8,8,1)]").
type attribute struct {
	Pos  lexer.Position
	Text []string `parser:"'[' @~']'* ']'"`
}

// param is one parameter of a function:
//
//	param = Modifier* Type Declarator ( "=" Expr )?
//
// read by Parse from the parts above.
type param struct {
	Pos     lexer.Position
	Mods    []*modifier
	Type    *typeNode
	Name    string
	Dims    []*dim
	Anns    []*annotation
	Default *expr
}

// paramList is a parenthesized parameter list.
type paramList struct {
	Pos    lexer.Position
	Void   bool     `parser:"'(' ( @'void'"`
	Params []*param `parser:"    | ( @@ ( ',' @@ )* ) )? ')'"`
}

// skip is a top-level construct shpack does not need: everything up to and
// including the next ';' outside braces, or up to the end of the first
// balanced {...} block (and a ';' right after it).
type skip struct {
	Pos lexer.Position
}

// block is a balanced {...} token run, skipped.
type block struct {
	Pos   lexer.Position
	Close lexer.Position // the closing "}"
}

// group is a balanced (...) token run: a function's parameter list, kept
// as where its parentheses stand (Pos and Close; the Offsets are indices
// in the unit's tokens, see Unit.groupTokens).
type group struct {
	Pos   lexer.Position
	Close lexer.Position // the closing ")"
}

// expr is an initializer or default value: tokens up to the next ',' ')' or
// ';' outside brackets, kept for constant evaluation.
type expr struct {
	Pos    lexer.Position
	Tokens []lexer.Token
}

// The grammars are built lazily, each when a unit first needs it: the
// file's (SyntaxFile and Decl, whose alternatives are Parse methods), then
// one grammar per kind of declaration participle reads (funcSyntax,
// structSyntax, constSyntax, typedefSyntax, and ParamList for parameter
// lists), the first time a unit holds one. Building a grammar is most of a
// short run's start-up (participle lexes every struct tag of it), and most
// shader files hold functions and structs but no typedef and few constants:
// such a file builds about half of the grammar the whole file once took
// (issue 30; BENCH.md). The parsers are immutable and safe for concurrent
// use once built.
var (
	fileGrammar    lazyGrammar[syntaxFile]
	paramGrammar   lazyGrammar[paramList]
	funcGrammar    lazyGrammar[funcSyntax]
	structGrammar  lazyGrammar[structSyntax]
	constGrammar   lazyGrammar[constSyntax]
	typedefGrammar lazyGrammar[typedefSyntax]
)

// grammarLookahead is how many tokens a branch of the grammar may take
// and still fail as not taken (participle.UseLookahead).
const grammarLookahead = 2

// A lazyGrammar is a participle parser built on first use.
type lazyGrammar[G any] struct {
	once   sync.Once
	p      *participle.Parser[G]
	failed any // what building it panicked with
}

// parser returns the parser, building it the first time.
// A grammar that does not build is a mistake in the grammar, and panics
// on every call, as sync.OnceValue does, not only on the first.
func (l *lazyGrammar[G]) parser() *participle.Parser[G] {
	l.once.Do(func() {
		defer func() { l.failed = recover() }()
		// No participle.Elide: peekingOver's lexer elides nothing.
		l.p = participle.MustBuild[G](participle.Lexer(tokenDefinition{}), participle.UseLookahead(grammarLookahead))
	})
	if l.failed != nil {
		panic(l.failed)
	}
	return l.p
}

// The grammars of the declarations: the same structs as the nodes of the
// tree (a conversion turns one into the other), without the nodes' Parse
// methods, so that participle reads their tags. Decl's alternatives are
// the nodes, whose Parse methods check the kind's first tokens and run its
// grammar from there (parseDecl).
type (
	funcSyntax    funcDecl
	structSyntax  structDecl
	constSyntax   constDecl
	typedefSyntax typedefDecl
)

// parseDecl reads one declaration with grammar g when begins says that one
// of its kind starts at the lexer's token; else it takes nothing and
// returns participle.NextMatch, as the grammar's node would.
//
// The grammar runs on the lexer Decl's alternative was given and leaves it
// where it stopped, on an error too, so that Decl's disjunction decides as
// it did when the rules were one grammar: an error past the lookahead is
// the parse's, and a branch that failed within it lets the next
// alternative try. Of such a branch, the error participle reports in the
// end is the deepest one any rule of it met, which participle keeps in the
// parse's context and does not return: the probe grammar (the kind's
// grammar as an optional part, with nothing allowed after it) reads the
// declaration again to report it, on that error path only.
func parseDecl[G any](lex *lexer.PeekingLexer, g *lazyGrammar[G], probe *lazyGrammar[declProbe[G]], begins bool) (*G, error) {
	if !begins {
		return nil, participle.NextMatch
	}
	start := lex.MakeCheckpoint()
	v, err := g.parser().ParseFromLexer(lex, participle.AllowTrailing(true))
	if err == nil || lex.Cursor() > start.Cursor()+grammarLookahead {
		return v, err
	}
	end := lex.MakeCheckpoint()
	lex.LoadCheckpoint(start)
	if _, deepest := probe.parser().ParseFromLexer(lex); deepest != nil {
		err = deepest
	}
	lex.LoadCheckpoint(end)
	return nil, err
}

// A declProbe is a declaration's grammar as an optional part: what it
// fails to match within the lookahead leaves the parse at the next token,
// which then is trailing, and participle reports the deepest error instead
// (parseDecl).
type declProbe[G any] struct {
	Decl *G `parser:"@@?"`
}

// The probe grammars, built only when a declaration fails within the
// lookahead.
var (
	funcProbe    lazyGrammar[declProbe[funcSyntax]]
	structProbe  lazyGrammar[declProbe[structSyntax]]
	constProbe   lazyGrammar[declProbe[constSyntax]]
	typedefProbe lazyGrammar[declProbe[typedefSyntax]]
)

// Parse implements participle.Parseable.
func (d *funcDecl) Parse(lex *lexer.PeekingLexer) error {
	v, err := parseDecl(lex, &funcGrammar, &funcProbe, (&funcLookahead{}).Parse(lex) == nil)
	if err == nil {
		*d = funcDecl(*v)
	}
	return err
}

// Parse implements participle.Parseable.
func (d *structDecl) Parse(lex *lexer.PeekingLexer) error {
	v, err := parseDecl(lex, &structGrammar, &structProbe, lex.Peek().Value == "struct")
	if err == nil {
		*d = structDecl(*v)
	}
	return err
}

// Parse implements participle.Parseable.
func (d *constDecl) Parse(lex *lexer.PeekingLexer) error {
	v, err := parseDecl(lex, &constGrammar, &constProbe, (&constLookahead{}).Parse(lex) == nil)
	if err == nil {
		*d = constDecl(*v)
	}
	return err
}

// Parse implements participle.Parseable.
func (d *typedefDecl) Parse(lex *lexer.PeekingLexer) error {
	v, err := parseDecl(lex, &typedefGrammar, &typedefProbe, lex.Peek().Value == "typedef")
	if err == nil {
		*d = typedefDecl(*v)
	}
	return err
}

// checkResult reports a PPResult that Preprocess did not make, which
// Parse would otherwise index past.
func checkResult(name string, pp *PPResult) error {
	bad := func(what string) error {
		return ir.ErrorList{&ir.Error{Pos: ir.Pos{File: name}, Msg: "not a preprocessed unit (make it with Preprocess): " + what}}
	}
	if pp == nil || len(pp.Tokens) == 0 || pp.Tokens[len(pp.Tokens)-1].Kind != TokEOF {
		return bad("its tokens do not end with the end of file")
	}
	for i := range pp.Tokens {
		if pp.Tokens[i].File() >= len(pp.Names) {
			return bad(fmt.Sprintf("token %d names file %d of %d", i, pp.Tokens[i].File(), len(pp.Names)))
		}
	}
	return nil
}

// Grammar returns the EBNF of the grammar (for review and golden tests):
// participle's grammars (the file's, each kind of declaration's and the
// parameter lists'), then the rules that Parse methods read (Decl and the
// leaves, leaves.go). It builds every grammar.
func Grammar() string {
	var b strings.Builder
	for _, g := range []fmt.Stringer{fileGrammar.parser(), funcGrammar.parser(), structGrammar.parser(),
		constGrammar.parser(), typedefGrammar.parser(), paramGrammar.parser()} {
		b.WriteString(g.String() + "\n\n")
	}
	return b.String() + leafGrammar
}

// leafGrammar is the EBNF of the rules read by Parse methods.
const leafGrammar = `Decl = FuncDecl | StructDecl | TechniqueDecl | ConstDecl | <pragma> | ShaderVarDecl | TypedefDecl | Skip .
FuncDecl = FuncLookahead FuncSyntax .
StructDecl = (?= "struct") StructSyntax .
ConstDecl = ConstLookahead ConstSyntax .
TypedefDecl = (?= "typedef") TypedefSyntax .
Name = <ident> .
ConstLookahead = (?= ("static" | "const" | "uniform" | "extern")+ <ident> <ident> "=") .
Modifier = "linear" | "centroid" | "nointerpolation" | ... (modifierWords) .
Type = "unsigned"? <ident> ("<" (<ident> | <int>) ("," (<ident> | <int>))* ">")? .
Declarator = <ident> Dim* Annotation* .
Dim = "[" ~"]"* "]" .
Param = Modifier* Type Declarator ("=" Expr)? .
FuncLookahead = (?= ("[" ~"]"* "]")* ("static" | "inline" | ... (funcLookaheadMods))* <ident> ("<" ~(">" | ";" | "{")* ">")? <ident> "(") .  (not after "struct", "typedef", "technique"..., "VertexShader" <ident>...)
TechniqueDecl = ("technique" | "technique9" | "technique10" | "technique11") <ident>? Annotations? "{" Pass* "}" ";"? .
ShaderVarDecl = ("VertexShader" | "PixelShader") <ident> ~";"* ";" .
Skip = ~("struct" | "typedef" | "}" | <pragma> | "technique"...) (~(";" | "{" | "}")* (";" | Block ";"?)) .
Block = "{" (~("{" | "}") | Block)* "}" .
Group = "(" (~("(" | ")") | Group)* ")" .
Expr = (~("," | ";" | ")" | "]" | "}") | "(" ... ")" | "[" ... "]" | "{" ... "}")+ .`

// A Unit is a parsed translation unit: the syntax tree and the preprocessed
// tokens it was parsed from (which hold positions and include chains).
type Unit struct {
	Name   string // the main file's name as given
	syntax *syntaxFile
	PP     *PPResult
	tokens []Token
	// bodies are the function bodies participle does not see, and skips
	// the declarations it need not see.
	bodies map[int32]int32
	groups map[int32]int32 // the parameter lists of the functions of bodies
	skips  []span
	idx    *index
	params map[*funcDecl]paramsResult
	// semStructs says, for each struct of the unit, whether it has a
	// member with a semantic (structHasSemantics).
	semStructs map[*structDecl]bool
}

// Parse parses a preprocessed translation unit, pp as Preprocess makes it:
// its tokens end with the end of file, and its Names name the file of each.
func Parse(name string, pp *PPResult) (*Unit, error) {
	if err := checkResult(name, pp); err != nil {
		return nil, err
	}
	fp := fileGrammar.parser()
	u := &Unit{Name: name, PP: pp, tokens: pp.Tokens}
	if err := u.checkAssembly(); err != nil {
		return nil, err
	}
	u.bodies, u.groups = u.functionBodies()
	u.skips = u.hiddenSkips()
	f, _, err := u.parseChunked(fp, minChunk)
	if err != nil {
		return nil, err
	}
	u.syntax = f
	if err := u.checkSkips(); err != nil {
		return nil, err
	}
	if err := u.typedefStructs(); err != nil {
		return nil, err
	}
	u.buildIndex()
	u.semStructs = u.semanticStructs()
	u.params = map[*funcDecl]paramsResult{}
	for _, d := range f.Decls {
		if d.Func != nil && u.paramsMatter(d.Func) {
			pl, err := u.parseParams(d.Func)
			u.params[d.Func] = paramsResult{pl, err}
		}
	}
	return u, nil
}

// typedefStructs rewrites the typedefs of a struct (TypedefDecl) into the
// C form the rest of the package reads: the struct defined as a StructDecl
// of its own before the typedef, which then names it by its type.
func (u *Unit) typedefStructs() error {
	var out []*decl
	for _, d := range u.syntax.Decls {
		td := d.Typedef
		if td == nil || td.Struct == nil {
			out = append(out, d)
			continue
		}
		ts := td.Struct
		switch {
		case ts.Body == nil && ts.Name == nil:
			return ir.ErrorList{u.errorAt(ts.Pos, "typedef struct: a struct needs a name or a body")}
		case ts.Body == nil:
			td.Type = &typeNode{Pos: ts.Name.Pos, Name: ts.Name.Text}
			out = append(out, d)
		case ts.Name == nil:
			// typedef struct { ... } VO; is struct VO { ... }.
			out = append(out, &decl{Pos: d.Pos, Struct: &structDecl{Pos: ts.Pos, Name: td.Name, Body: ts.Body}})
		default:
			out = append(out, &decl{Pos: d.Pos, Struct: &structDecl{Pos: ts.Pos, Name: ts.Name, Body: ts.Body}})
			td.Type = &typeNode{Pos: ts.Name.Pos, Name: ts.Name.Text}
			out = append(out, d)
		}
	}
	u.syntax.Decls = out
	return nil
}

// paramsMatter reports whether a function's parameter list can make it an
// entry point: a ":" that is no register or packoffset binding, or a type
// name that is a struct or a typedef. Most functions of a shader are
// helpers whose lists have neither; they are parsed only when asked for
// (Params), not with the unit.
func (u *Unit) paramsMatter(f *funcDecl) bool {
	if u.namesSemantic(f.Params) {
		return true
	}
	for i := f.Params.Pos.Offset; i <= f.Params.Close.Offset; i++ {
		if t := &u.tokens[i]; t.Kind == TokIdent && (u.idx.structs[t.Text] != nil || u.idx.typedefs[t.Text] != nil) {
			return true
		}
	}
	return false
}

// namesSemantic reports whether the group holds a ':' that is not followed
// by register or packoffset: a semantic.
func (u *Unit) namesSemantic(g *group) bool {
	for i := g.Pos.Offset; i <= g.Close.Offset; i++ {
		if t := &u.tokens[i]; t.Kind == TokPunct && t.Text == ":" {
			if n := &u.tokens[i+1]; n.Text != "register" && n.Text != "packoffset" { // i is before the ")"
				return true
			}
		}
	}
	return false
}

// groupTokens returns the tokens of a group, parentheses included, as
// participle's, in an array with room for extra more.
func (u *Unit) groupTokens(g *group, extra int) []lexer.Token {
	toks := make([]lexer.Token, 0, g.Close.Offset-g.Pos.Offset+1+extra)
	for i := g.Pos.Offset; i <= g.Close.Offset; i++ {
		toks = append(toks, lexToken(&u.tokens[i], i, u.PP.Names))
	}
	return toks
}

// paramsOf returns the parsed parameter list of a function of the unit. The
// lists that can hold semantics are parsed once, when the unit is parsed;
// the others each time they are asked for, so a Unit stays immutable and
// safe to share.
func (u *Unit) paramsOf(f *funcDecl) (*paramList, error) {
	if r, ok := u.params[f]; ok {
		return r.list, r.err
	}
	return u.parseParams(f)
}

type paramsResult struct {
	list *paramList
	err  error
}

func (u *Unit) parseParams(f *funcDecl) (*paramList, error) {
	pp := paramGrammar.parser()
	toks := u.groupTokens(f.Params, 1)
	pl, err := pp.ParseFromLexer(peekingOver(append(toks, u.eofAfter(toks))))
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
		pos = tokPosition(&u.tokens[len(u.tokens)-1], len(u.tokens)-1, u.PP.Names)
	}
	// A ";" missing at the end of a line is reported there, as gcc does,
	// not at the first token of the next line.
	if i := pos.Offset; strings.HasSuffix(msg, `(expected ";")`) && i > 0 && i < len(u.tokens) {
		prev, next := &u.tokens[i-1], &u.tokens[i]
		if next.BOL && prev.File() == next.File() && prev.Line() < next.Line() && !prev.Expanded {
			at := tokPosition(prev, i-1, u.PP.Names)
			at.Column += len(prev.Text)
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
	fp := fileGrammar.parser()
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
		lex, lerr := lexer.Upgrade(&tokenLexer{toks: u.tokens, names: u.PP.Names, i: next, bodies: u.bodies})
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
	s := bracketScan{kinds: braces, floor: true} // a stray "}" ends a declaration too
	for i := 0; i < len(u.tokens); i++ {
		t := &u.tokens[i]
		if t.Kind != TokPunct {
			continue
		}
		s.step(t.Text)
		if i < at || s.depth() > 0 {
			continue
		}
		switch t.Text {
		case "}":
			if i+1 < len(u.tokens) && u.tokens[i+1].Kind == TokPunct && u.tokens[i+1].Text == ";" {
				return i + 2
			}
			return i + 1
		case ";":
			return i + 1
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
	return ir.ErrorList{ir.Errorf(u.PP.Pos(&first), u.PP.Chain(first.Ctx),
		"this is Direct3D shader assembly (%s), not HLSL: shpack reads HLSL source", version)}
}

// asmVersion reports whether s is an assembly version token like vs_2_0.
func asmVersion(s string) bool {
	if len(s) != 6 || (s[:3] != "vs_" && s[:3] != "ps_") || s[4] != '_' {
		return false
	}
	return s[3] >= '1' && s[3] <= '3' && (s[5] >= '0' && s[5] <= '4' || s[5] == 'x')
}
