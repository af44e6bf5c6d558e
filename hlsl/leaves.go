package hlsl

// The leaves of the grammar: token patterns that a Parse method reads
// instead of a participle node (see Grammar, which lists them). Each
// peeks before it consumes and returns participle.NextMatch when its
// first token is not its own, so it behaves as the grammar rule it stands
// for would. They are hand-read because they are where the tokens are:
// every member and parameter has a type and a declarator, and
// participle's nodes for their optional parts cost a branch, a reflected
// value and a deferred field per token (BENCH.md).

import (
	"slices"
	"strings"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

// ident takes the next token if it is an identifier, and one of words
// unless words is nil; else it takes nothing and returns nil.
func ident(lex *lexer.PeekingLexer, words map[string]bool) *lexer.Token {
	if t := lex.Peek(); t.Type != tokType(TokIdent) || words != nil && !words[t.Value] {
		return nil
	}
	return lex.Next()
}

// Parse implements participle.Parseable.
func (m *modifier) Parse(lex *lexer.PeekingLexer) error {
	t := ident(lex, modifierWords)
	if t == nil {
		return participle.NextMatch
	}
	m.Pos, m.Word = t.Pos, t.Value
	return nil
}

// Parse implements participle.Parseable.
func (n *nameNode) Parse(lex *lexer.PeekingLexer) error {
	t := ident(lex, nil)
	if t == nil {
		return participle.NextMatch
	}
	n.Pos, n.Text = t.Pos, t.Value
	return nil
}

// Parse implements participle.Parseable.
func (t *typeNode) Parse(lex *lexer.PeekingLexer) error {
	first := lex.Peek()
	if first.Type != tokType(TokIdent) {
		return participle.NextMatch
	}
	t.Pos = first.Pos
	if first.Value == "unsigned" {
		lex.Next()
		if n := lex.Peek(); n.Type != tokType(TokIdent) {
			return participle.Errorf(n.Pos, "unexpected token %q (expected a type name after \"unsigned\")", n.Value)
		}
		t.Unsigned = true
	}
	t.Name = lex.Next().Value
	if lex.Peek().Value != "<" {
		return nil
	}
	lex.Next()
	for {
		a := lex.Peek()
		if a.Type != tokType(TokIdent) && a.Type != tokType(TokInt) {
			return participle.Errorf(a.Pos, "unexpected token %q (expected a template argument of %s)", a.Value, t.Name)
		}
		t.Args = append(t.Args, lex.Next().Value)
		switch n := lex.Peek(); n.Value {
		case ",":
			lex.Next()
		case ">":
			lex.Next()
			return nil
		default:
			return participle.Errorf(n.Pos, "unexpected token %q (expected \",\" or \">\")", n.Value)
		}
	}
}

// Parse implements participle.Parseable.
func (d *declarator) Parse(lex *lexer.PeekingLexer) error {
	t := ident(lex, nil)
	if t == nil {
		return participle.NextMatch
	}
	d.Pos, d.Name = t.Pos, t.Value
	var err error
	if d.Dims, err = parseDims(lex); err != nil {
		return err
	}
	for lex.Peek().Value == ":" {
		a := &annotation{Pos: lex.Peek().Pos}
		colon := lex.Next()
		n := lex.Peek()
		switch {
		case n.Value == "register" || n.Value == "packoffset":
			lex.Next()
			if lex.Peek().Value != "(" {
				// As in the grammar this replaced: no binding, so a
				// semantic of that name.
				a.Semantic = n.Value
				break
			}
			a.Binding = n.Value
			for lex.Next(); lex.Peek().Value != ")"; lex.Next() {
				if lex.Peek().EOF() {
					return participle.Errorf(lex.Peek().Pos, `unexpected end of file (expected ")")`)
				}
			}
			lex.Next()
		case n.Type == tokType(TokIdent):
			a.Semantic = n.Value
			lex.Next()
		default:
			return participle.Errorf(n.Pos, "unexpected token %q after %q (expected a semantic, register or packoffset)", n.Value, colon.Value)
		}
		d.Anns = append(d.Anns, a)
	}
	return nil
}

// parseDims reads array dimensions, "[" tokens "]" each.
func parseDims(lex *lexer.PeekingLexer) ([]*dim, error) {
	var dims []*dim
	for {
		d := &dim{}
		if err := d.Parse(lex); err == participle.NextMatch {
			return dims, nil
		} else if err != nil {
			return nil, err
		}
		dims = append(dims, d)
	}
}

// Parse implements participle.Parseable.
func (d *dim) Parse(lex *lexer.PeekingLexer) error {
	if lex.Peek().Value != "[" {
		return participle.NextMatch
	}
	start := lex.RawCursor()
	d.Pos = lex.Next().Pos
	for lex.Peek().Value != "]" {
		t := lex.Next()
		if t.EOF() {
			return participle.Errorf(t.Pos, `unexpected end of file (expected "]")`)
		}
		d.Expr = append(d.Expr, t.Value)
	}
	lex.Next()
	// A copy: the tree keeps nothing of participle's array of tokens,
	// which it can then free.
	d.Tokens = slices.Clone(lex.Range(start, lex.RawCursor()))
	return nil
}

// Parse implements participle.Parseable.
func (*funcLookahead) Parse(lex *lexer.PeekingLexer) error {
	cp := lex.MakeCheckpoint()
	defer lex.LoadCheckpoint(cp)
	if !funcAhead(&peekingReader{lex: lex}) {
		return participle.NextMatch
	}
	return nil
}

// Parse implements participle.Parseable.
func (*constLookahead) Parse(lex *lexer.PeekingLexer) error {
	cp := lex.MakeCheckpoint()
	defer lex.LoadCheckpoint(cp)
	n := 0
	for t := lex.Peek(); t.Type == tokType(TokIdent) && constMods[t.Value]; t = lex.Peek() {
		lex.Next()
		n++
	}
	if n == 0 || lex.Next().Type != tokType(TokIdent) || lex.Next().Type != tokType(TokIdent) || lex.Next().Value != "=" {
		return participle.NextMatch
	}
	return nil
}

// aheadReader is what funcAhead reads: participle's lexer, or the unit's
// tokens (skipDecl), so that one rule decides in both.
type aheadReader interface {
	peek() (typ lexer.TokenType, text string) // the next token; lexer.EOF for ever at the end
	next()
	save()    // remembers where the reader stands (one place at a time)
	restore() // goes back there
}

// funcAhead is FuncLookahead's rule: whether the tokens r gives begin a
// function declaration. It leaves r wherever it stopped.
func funcAhead(r aheadReader) bool {
	// What another alternative of Decl takes, whatever follows: a
	// struct, a typedef, a technique, and a shader variable
	// ("VertexShader vs ...", which ShaderVarDecl takes when an
	// identifier follows the shader type).
	r.save()
	switch typ, text := r.peek(); {
	case text == "struct" || text == "typedef" || techniqueWords[strings.ToLower(text)]:
		return false
	case typ == tokType(TokIdent):
		if _, shader := stageOfType(text); shader {
			r.next()
			if typ, _ := r.peek(); typ == tokType(TokIdent) {
				return false
			}
			r.restore()
		}
	}
	for _, text := r.peek(); text == "["; _, text = r.peek() {
		for r.next(); ; r.next() {
			typ, text := r.peek()
			if typ == lexer.EOF {
				return false
			}
			if text == "]" {
				break
			}
		}
		r.next()
	}
	for typ, text := r.peek(); typ == tokType(TokIdent) && funcLookaheadMods[text]; typ, text = r.peek() {
		r.next()
	}
	if typ, _ := r.peek(); typ != tokType(TokIdent) {
		return false
	}
	r.next()
	if _, text := r.peek(); text == "<" {
		r.save()
		r.next()
		typ, text := r.peek()
		for text != ">" && text != ";" && text != "{" && typ != lexer.EOF {
			r.next()
			typ, text = r.peek()
		}
		if text == ">" {
			r.next()
		} else {
			r.restore() // the optional group does not match
		}
	}
	if typ, _ := r.peek(); typ != tokType(TokIdent) {
		return false
	}
	r.next()
	_, text := r.peek()
	return text == "("
}

// peekingReader reads participle's lexer for funcAhead.
type peekingReader struct {
	lex   *lexer.PeekingLexer
	saved lexer.Checkpoint
}

func (r *peekingReader) peek() (lexer.TokenType, string) {
	t := r.lex.Peek()
	return t.Type, t.Value
}
func (r *peekingReader) next()    { r.lex.Next() }
func (r *peekingReader) save()    { r.saved = r.lex.MakeCheckpoint() }
func (r *peekingReader) restore() { r.lex.LoadCheckpoint(r.saved) }

// unitReader reads a unit's tokens from i on for funcAhead.
type unitReader struct {
	toks     []Token
	i, saved int
}

func (r *unitReader) peek() (lexer.TokenType, string) {
	if r.i >= len(r.toks) {
		return lexer.EOF, ""
	}
	t := &r.toks[r.i]
	return tokType(t.Kind), t.Text
}
func (r *unitReader) next() {
	if r.i < len(r.toks) {
		r.i++
	}
}
func (r *unitReader) save()    { r.saved = r.i }
func (r *unitReader) restore() { r.i = r.saved }

// Parse implements participle.Parseable.
func (p *param) Parse(lex *lexer.PeekingLexer) error {
	first := lex.Peek()
	if first.Type != tokType(TokIdent) {
		return participle.NextMatch
	}
	p.Pos = first.Pos
	for {
		m := &modifier{}
		if m.Parse(lex) != nil {
			break
		}
		p.Mods = append(p.Mods, m)
	}
	p.Type = &typeNode{}
	if err := p.Type.Parse(lex); err != nil {
		return expected(lex, err, "a parameter type")
	}
	var d declarator
	if err := d.Parse(lex); err != nil {
		return expected(lex, err, "a parameter name")
	}
	p.Name, p.Dims, p.Anns = d.Name, d.Dims, d.Anns
	if lex.Peek().Value == "=" {
		lex.Next()
		p.Default = &expr{}
		if err := p.Default.Parse(lex); err != nil {
			return expected(lex, err, "a default value")
		}
	}
	return nil
}

// expected turns a leaf parser's NextMatch into a syntax error at the
// next token; other errors pass.
func expected(lex *lexer.PeekingLexer, err error, what string) error {
	if err != participle.NextMatch {
		return err
	}
	t := lex.Peek()
	if t.EOF() {
		return participle.Errorf(t.Pos, "unexpected end of file (expected %s)", what)
	}
	return participle.Errorf(t.Pos, "unexpected token %q (expected %s)", t.Value, what)
}

// Parse implements participle.Parseable.
func (s *skip) Parse(lex *lexer.PeekingLexer) error {
	t := lex.Peek()
	if skipRefusesFirst(t.Type, t.Value) {
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
			if _, err := skipBalanced(lex, brace); err != nil {
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

// Parse implements participle.Parseable.
func (b *block) Parse(lex *lexer.PeekingLexer) error {
	if lex.Peek().Value != "{" {
		return participle.NextMatch
	}
	b.Pos = lex.Peek().Pos
	closePos, err := skipBalanced(lex, brace)
	b.Close = closePos
	return err
}

// Parse implements participle.Parseable.
func (g *group) Parse(lex *lexer.PeekingLexer) error {
	if lex.Peek().Value != "(" {
		return participle.NextMatch
	}
	g.Pos = lex.Peek().Pos
	closePos, err := skipBalanced(lex, paren)
	g.Close = closePos
	return err
}

// Parse implements participle.Parseable.
func (e *expr) Parse(lex *lexer.PeekingLexer) error {
	t := lex.Peek()
	e.Pos = t.Pos
	s := bracketScan{kinds: nesting}
	for {
		t := lex.Peek()
		// The expression ends at a close it did not open, or at a ","
		// or ";" outside its brackets.
		if s.step(t.Value); s.depth() < 0 || (t.Value == "," || t.Value == ";") && s.depth() == 0 {
			return e.done()
		}
		if t.EOF() {
			return participle.Errorf(t.Pos, "unexpected end of file in expression")
		}
		e.Tokens = append(e.Tokens, *lex.Next())
	}
}

func (e *expr) done() error {
	if len(e.Tokens) == 0 {
		return participle.NextMatch
	}
	return nil
}

// skipBalanced consumes the next token, an opening bracket of kind b,
// everything up to the bracket that closes it (counting brackets of kind
// b only, as Block and Group do), and that bracket, whose position it
// returns.
func skipBalanced(lex *lexer.PeekingLexer, b bracket) (lexer.Position, error) {
	first := lex.Next()
	s := bracketScan{kinds: 1 << b}
	s.step(first.Value)
	for {
		t := lex.Next()
		if t.EOF() {
			return lexer.Position{}, participle.Errorf(first.Pos, "%q has no matching %q", bracketText[b][0], bracketText[b][1])
		}
		if s.closes(t.Value) {
			return t.Pos, nil
		}
	}
}
