package hlsl

// Effects: techniques, passes and the shaders they compile.
//
// An effect file (.fx) names its entry points in techniques:
//
//	technique Lit < string Group = "x"; >
//	{
//	    pass P0 < ... >
//	    {
//	        VertexShader = compile vs_3_0 LitVS(true);
//	        PixelShader  = compile ps_3_0 LitPS();
//	        ZEnable = true;                       // render states: skipped
//	    }
//	}
//
// also as technique9/10/11 with SetVertexShader(CompileShader(vs_3_0, F())),
// with NULL shaders, and through global shader variables
// ("VertexShader vs[2] = { compile vs_3_0 F(1), compile vs_3_0 F(2) };",
// set as "VertexShader = (vs[i]);"). The grammar parses these blocks by
// hand (Parse methods over the tokens) because state assignments are free
// form; what is not a shader assignment is skipped, never guessed at.
// Keywords are matched without regard to case, as the effect compiler does.

import (
	"slices"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/shpack/shpack/ir"
)

// techniqueDecl is a technique block as parsed.
type techniqueDecl struct {
	Pos     lexer.Position
	Keyword string // "technique", "technique10", ...
	Name    string // "" for an unnamed technique
	Passes  []*passDecl
}

// passDecl is one pass of a technique.
type passDecl struct {
	Pos     lexer.Position
	Name    string
	Shaders []*shaderExpr // the VertexShader/PixelShader assignments, in order
}

// shaderExpr is the value a pass (or a global shader variable) gives a
// shader: a compile expression, NULL, a shader variable, or inline
// assembly.
type shaderExpr struct {
	Pos     lexer.Position // the state name, or the compile expression in a variable
	Stage   ir.Stage
	Null    bool
	Asm     bool      // an asm { ... } block
	Profile string    // compile vs_3_0 F(): "vs_3_0"
	Entry   *nameNode // compile vs_3_0 F(): F
	Args    []lexer.Token
	Var     string // VertexShader = (vs[i]): "vs"
	VarPos  lexer.Position
}

// shaderVarDecl is a global shader variable: "VertexShader vs = compile
// vs_3_0 F();" or an array of them.
type shaderVarDecl struct {
	Pos    lexer.Position
	Stage  ir.Stage
	Name   string
	Values []*shaderExpr
}

var techniqueWords = map[string]bool{"technique": true, "technique9": true, "technique10": true, "technique11": true}

// stageOfType reads a shader type or state name ("VertexShader").
func stageOfType(s string) (ir.Stage, bool) {
	switch strings.ToLower(s) {
	case "vertexshader":
		return ir.Vertex, true
	case "pixelshader":
		return ir.Pixel, true
	}
	return 0, false
}

// tokenStream is what the effect parsers read: participle's PeekingLexer,
// or a unitCursor over a unit's tokens (techniques hidden from
// participle, see hiddenSkips).
type tokenStream interface {
	Peek() *lexer.Token
	Next() *lexer.Token
}

// Parse implements participle.Parseable.
func (d *techniqueDecl) Parse(lex *lexer.PeekingLexer) error { return d.parse(lex) }

func (d *techniqueDecl) parse(lex tokenStream) error {
	t := lex.Peek()
	if t.Type != tokType(TokIdent) || !techniqueWords[strings.ToLower(t.Value)] {
		return participle.NextMatch
	}
	d.Pos, d.Keyword = t.Pos, strings.ToLower(t.Value)
	lex.Next()
	if n := lex.Peek(); n.Type == tokType(TokIdent) {
		d.Name = n.Value
		lex.Next()
	}
	if err := skipAnnotations(lex); err != nil {
		return err
	}
	if err := expect(lex, "{", "technique"); err != nil {
		return err
	}
	for {
		t := lex.Peek()
		switch {
		case t.Value == "}":
			lex.Next()
			if lex.Peek().Value == ";" {
				lex.Next()
			}
			return nil
		case t.Type == tokType(TokIdent) && strings.EqualFold(t.Value, "pass"):
			p, err := parsePass(lex)
			if err != nil {
				return err
			}
			d.Passes = append(d.Passes, p)
		case t.EOF():
			return participle.Errorf(d.Pos, "technique %s has no closing \"}\"", d.Name)
		default:
			return participle.Errorf(t.Pos, `unexpected token %q in technique %s (expected "pass" or "}")`, t.Value, d.Name)
		}
	}
}

func parsePass(lex tokenStream) (*passDecl, error) {
	p := &passDecl{Pos: lex.Next().Pos}
	if n := lex.Peek(); n.Type == tokType(TokIdent) {
		p.Name = n.Value
		lex.Next()
	}
	if err := skipAnnotations(lex); err != nil {
		return nil, err
	}
	if err := expect(lex, "{", "pass"); err != nil {
		return nil, err
	}
	for {
		t := lex.Peek()
		switch {
		case t.Value == "}":
			lex.Next()
			return p, nil
		case t.EOF():
			return nil, participle.Errorf(p.Pos, "pass %s has no closing \"}\"", p.Name)
		}
		stmt, err := statement(lex)
		if err != nil {
			return nil, err
		}
		if se := shaderAssignment(stmt); se != nil {
			p.Shaders = append(p.Shaders, se)
		}
	}
}

// statement takes the tokens of one state assignment, up to and including
// its ';' (nested parentheses and braces kept whole: asm { ... }).
func statement(lex tokenStream) ([]lexer.Token, error) {
	// From a stream that holds its tokens in one array (a unitCursor) the
	// statement is a run of that array, not a copy: most statements are
	// render states that are read once and dropped.
	runs, _ := lex.(tokenRuns)
	start := 0
	if runs != nil {
		start = runs.mark()
	}
	var toks []lexer.Token
	n := 0
	var last *lexer.Token
	take := func() {
		last = lex.Next()
		n++
		if runs == nil {
			toks = append(toks, *last)
		}
	}
	result := func() []lexer.Token {
		if runs != nil && n > 0 {
			return runs.run(start)
		}
		return toks
	}
	s := bracketScan{kinds: nesting}
	asmBlock := false // the outermost bracket is the "{" of asm { ... }
	for {
		t := lex.Peek()
		if t.EOF() {
			return nil, participle.Errorf(t.Pos, `unexpected end of file in a pass (expected ";")`)
		}
		switch d := s.step(t.Value); {
		case d > 0:
			if s.depth() == 1 {
				asmBlock = t.Value == "{" && n > 0 && strings.EqualFold(last.Value, "asm")
			}
		case d < 0 && s.depth() < 0:
			if t.Value == "}" && n > 0 {
				return nil, participle.Errorf(t.Pos, `unexpected token "}" (expected ";")`)
			}
			return nil, participle.Errorf(t.Pos, "unexpected token %q", t.Value)
		case d < 0 && s.depth() == 0 && asmBlock:
			// "asm { ... }" may end without a ';'.
			take()
			r := result()
			if lex.Peek().Value == ";" {
				lex.Next()
			}
			return r, nil
		case t.Value == ";" && s.depth() == 0:
			r := result()
			lex.Next()
			return r, nil
		}
		take()
	}
}

// tokenRuns is a tokenStream that can give the tokens it has read since
// a mark as a run of one array (unitCursor).
type tokenRuns interface {
	mark() int
	run(from int) []lexer.Token
}

// shaderAssignment reads a state assignment that sets a shader, or returns
// nil for any other state.
func shaderAssignment(stmt []lexer.Token) *shaderExpr {
	if len(stmt) < 2 || stmt[0].Type != tokType(TokIdent) {
		return nil
	}
	name := stmt[0].Value
	if stage, ok := stageOfType(name); ok && stmt[1].Value == "=" {
		// VertexShader = VALUE (also with an index: VertexShader[0] is not
		// a D3D9 form and is skipped).
		se := shaderValue(stmt[2:], stage)
		if se != nil {
			se.Pos = stmt[0].Pos
		}
		return se
	}
	lower := strings.ToLower(name)
	var stage ir.Stage
	switch lower {
	case "setvertexshader":
		stage = ir.Vertex
	case "setpixelshader":
		stage = ir.Pixel
	default:
		return nil
	}
	if stmt[1].Value != "(" || stmt[len(stmt)-1].Value != ")" {
		return nil
	}
	se := shaderValue(stmt[2:len(stmt)-1], stage)
	if se != nil {
		se.Pos = stmt[0].Pos
	}
	return se
}

// shaderValue reads the value of a shader assignment: compile P F(args),
// CompileShader(P, F(args)), NULL, asm {...}, a variable (optionally
// parenthesized, in angle brackets or indexed).
func shaderValue(v []lexer.Token, stage ir.Stage) *shaderExpr {
	for len(v) >= 2 && (v[0].Value == "(" && v[len(v)-1].Value == ")" || v[0].Value == "<" && v[len(v)-1].Value == ">") {
		v = v[1 : len(v)-1]
	}
	if len(v) == 0 {
		return nil
	}
	se := &shaderExpr{Stage: stage, Pos: v[0].Pos}
	first := strings.ToLower(v[0].Value)
	switch {
	case len(v) == 1 && (first == "null" || v[0].Value == "0"):
		se.Null = true
		return se
	case first == "asm":
		se.Asm = true
		return se
	case first == "compile" && len(v) >= 4 && v[2].Type == tokType(TokIdent) && v[3].Value == "(" && v[len(v)-1].Value == ")":
		se.Profile = v[1].Value
		se.Entry = &nameNode{Pos: v[2].Pos, Text: v[2].Value}
		se.Args = slices.Clone(v[4 : len(v)-1]) // v may be a run of a cursor's scratch (techniqueAt)
		return se
	case first == "compileshader" && len(v) >= 7 && v[1].Value == "(" && v[3].Value == "," &&
		v[4].Type == tokType(TokIdent) && v[5].Value == "(" && v[len(v)-1].Value == ")" && v[len(v)-2].Value == ")":
		se.Profile = v[2].Value
		se.Entry = &nameNode{Pos: v[4].Pos, Text: v[4].Value}
		se.Args = slices.Clone(v[6 : len(v)-2])
		return se
	case v[0].Type == tokType(TokIdent) && (len(v) == 1 || v[1].Value == "["):
		se.Var, se.VarPos = v[0].Value, v[0].Pos
		return se
	}
	return nil
}

// Parse implements participle.Parseable.
func (d *shaderVarDecl) Parse(lex *lexer.PeekingLexer) error {
	t := lex.Peek()
	stage, ok := stageOfType(t.Value)
	if t.Type != tokType(TokIdent) || !ok {
		return participle.NextMatch
	}
	cp := lex.MakeCheckpoint()
	lex.Next()
	name := lex.Peek()
	if name.Type != tokType(TokIdent) {
		lex.LoadCheckpoint(cp)
		return participle.NextMatch
	}
	lex.Next()
	d.Pos, d.Stage, d.Name = t.Pos, stage, name.Value
	stmt, err := topStatement(lex)
	if err != nil {
		return err
	}
	// [N]? = VALUE or = { VALUE, VALUE }
	i := 0
	if i < len(stmt) && stmt[i].Value == "[" {
		for i < len(stmt) && stmt[i].Value != "]" {
			i++
		}
		i++
	}
	if i >= len(stmt) || stmt[i].Value != "=" {
		return nil // a declaration without a value
	}
	val := stmt[i+1:]
	if len(val) >= 2 && val[0].Value == "{" && val[len(val)-1].Value == "}" {
		for _, part := range splitTop(val[1 : len(val)-1]) {
			if se := shaderValue(part, stage); se != nil {
				d.Values = append(d.Values, se)
			}
		}
		return nil
	}
	if se := shaderValue(val, stage); se != nil {
		d.Values = append(d.Values, se)
	}
	return nil
}

// topStatement takes the tokens of a top-level declaration up to and
// including its ';', braces and parentheses nested.
func topStatement(lex tokenStream) ([]lexer.Token, error) {
	var toks []lexer.Token
	s := bracketScan{kinds: nesting}
	for {
		t := lex.Peek()
		if t.EOF() {
			return nil, participle.Errorf(t.Pos, `unexpected end of file (expected ";")`)
		}
		s.step(t.Value)
		switch {
		case s.depth() < 0: // a close with nothing open
			return nil, participle.Errorf(t.Pos, "unexpected token %q", t.Value)
		case t.Value == ";" && s.depth() == 0:
			lex.Next()
			return toks, nil
		}
		toks = append(toks, *lex.Next())
	}
}

// splitTop splits tokens at the commas outside brackets (after a stray
// close, none is).
func splitTop(toks []lexer.Token) [][]lexer.Token {
	var parts [][]lexer.Token
	s, start := bracketScan{kinds: nesting}, 0
	for i, t := range toks {
		if s.step(t.Value); t.Value == "," && s.depth() == 0 {
			parts = append(parts, toks[start:i])
			start = i + 1
		}
	}
	if start < len(toks) {
		parts = append(parts, toks[start:])
	}
	return parts
}

// skipAnnotations skips an annotation block "< ... >" if one follows.
func skipAnnotations(lex tokenStream) error {
	if lex.Peek().Value != "<" {
		return nil
	}
	first := lex.Next()
	s := bracketScan{kinds: angles}
	s.step(first.Value)
	for s.depth() > 0 {
		t := lex.Next()
		if t.EOF() {
			return participle.Errorf(first.Pos, `annotations "<" have no matching ">"`)
		}
		s.step(t.Value)
	}
	return nil
}

// expect consumes the token want or reports what was found.
func expect(lex tokenStream, want, in string) error {
	t := lex.Peek()
	if t.Value != want {
		what := "end of file"
		if !t.EOF() {
			what = "token " + `"` + t.Value + `"`
		}
		return participle.Errorf(t.Pos, "unexpected %s in %s (expected %q)", what, in, want)
	}
	lex.Next()
	return nil
}

// Techniques returns the file's techniques in source order, with every
// shader variable a pass refers to resolved.
func (u *Unit) Techniques() []ir.Technique {
	vars := map[string]*shaderVarDecl{}
	for _, d := range u.syntax.Decls {
		if d.ShaderVar != nil {
			if _, dup := vars[d.ShaderVar.Name]; !dup {
				vars[d.ShaderVar.Name] = d.ShaderVar
			}
		}
	}
	var out []ir.Technique
	for _, d := range u.syntax.Decls {
		td := d.Technique
		if td == nil {
			continue
		}
		t := ir.Technique{Name: td.Name, Keyword: td.Keyword, Pos: u.pos(td.Pos)}
		for _, pd := range td.Passes {
			p := ir.Pass{Name: pd.Name, Pos: u.pos(pd.Pos)}
			for _, se := range pd.Shaders {
				refs := u.shaderRefs(se, vars)
				if se.Stage == ir.Vertex {
					p.VS = append(p.VS, refs...)
				} else {
					p.PS = append(p.PS, refs...)
				}
			}
			t.Passes = append(t.Passes, p)
		}
		out = append(out, t)
	}
	return out
}

func (u *Unit) shaderRefs(se *shaderExpr, vars map[string]*shaderVarDecl) []ir.ShaderRef {
	pos := u.pos(se.Pos)
	if se.Var == "" {
		return []ir.ShaderRef{u.shaderRef(se, pos)}
	}
	v, ok := vars[se.Var]
	if !ok || v.Stage != se.Stage || len(v.Values) == 0 {
		return []ir.ShaderRef{{Stage: se.Stage, Pos: pos, Var: se.Var, Unresolved: true, EntryPos: u.pos(se.VarPos)}}
	}
	var refs []ir.ShaderRef
	for _, val := range v.Values {
		r := u.shaderRef(val, pos)
		r.Var = se.Var
		refs = append(refs, r)
	}
	return refs
}

func (u *Unit) shaderRef(se *shaderExpr, pos ir.Pos) ir.ShaderRef {
	r := ir.ShaderRef{Stage: se.Stage, Pos: pos, Null: se.Null, Asm: se.Asm, Profile: se.Profile}
	if se.Entry != nil {
		r.Entry, r.EntryPos = se.Entry.Text, u.pos(se.Entry.Pos)
		r.Args = u.spell(se.Args)
	}
	return r
}

// spell joins tokens as source text, with a space where the source had
// whitespace or a line break before a token.
func (u *Unit) spell(toks []lexer.Token) string {
	var b strings.Builder
	for i, t := range toks {
		if i > 0 && t.Pos.Offset >= 0 && t.Pos.Offset < len(u.tokens) {
			if ut := &u.tokens[t.Pos.Offset]; ut.Space || ut.BOL {
				b.WriteByte(' ')
			}
		}
		b.WriteString(t.Value)
	}
	return b.String()
}
