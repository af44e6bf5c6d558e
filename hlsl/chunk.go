package hlsl

// Feeding participle: the token adapters, the function bodies and
// declarations it is not shown, and parsing a unit a chunk at a time.
// Steps 2 to 8 of the overview in doc.go walk a file through it.

import (
	"errors"
	"io"
	"slices"
	"sort"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
)

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

// sliceLexer feeds a token slice to participle, then eof for ever.
type sliceLexer struct {
	toks []lexer.Token
	i    int
	eof  lexer.Token
}

func (l *sliceLexer) Next() (lexer.Token, error) {
	if l.i >= len(l.toks) {
		return l.eof, nil
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
	toks  []Token
	names []string // the tokens' file names (PPResult.Names)
	i     int
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
	// groups maps the "(" of each function's parameter list to its ")",
	// which participle is given without the tokens between;
	// jumpedGroups gets the "(" of every one stepped over.
	groups       map[int32]int32
	jumpedGroups []int32
	// dry is set on a copy that only counts the tokens (readAll): it
	// records nothing it steps over.
	dry bool
}

func (l *tokenLexer) Next() (lexer.Token, error) {
	for len(l.skips) > 0 && int(l.skips[0].start) <= l.i {
		if sp := l.skips[0]; int(sp.start) == l.i && int(sp.end) <= len(l.toks) {
			if !l.dry {
				l.skipped = append(l.skipped, sp)
			}
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
			if !l.dry {
				l.jumped = append(l.jumped, int32(at))
			}
		}
	}
	if t.Kind == TokPunct && t.Text == "(" && l.groups != nil {
		if end, ok := l.groups[int32(at)]; ok && int(end) < len(l.toks) {
			l.i = int(end) // the ")" comes next
			if !l.dry {
				l.jumpedGroups = append(l.jumpedGroups, int32(at))
			}
		}
	}
	lt := lexToken(&t, at, l.names)
	if lt.Type == lexer.EOF {
		l.i = len(l.toks)
	}
	return lt, nil
}

// lexToken converts the token at index at of a unit for participle; names
// are the unit's file names.
func lexToken(t *Token, at int, names []string) lexer.Token {
	return lexer.Token{Type: tokType(t.Kind), Value: t.Text, Pos: tokPosition(t, at, names)}
}

// tokPosition is the participle position of the token at index at of a
// unit.
func tokPosition(t *Token, at int, names []string) lexer.Position {
	return lexer.Position{Filename: names[t.File()], Offset: at, Line: t.Line(), Column: t.Col()}
}

// unitCursor reads a unit's tokens from index i on as participle's lexer
// would give them (a tokenStream), converting each once. The pointers it
// returns stay valid: a converted token is never changed, and an array
// that grows leaves the old one to the tokens that point into it.
type unitCursor struct {
	toks  []Token
	names []string // the tokens' file names (PPResult.Names)
	i     int
	base  int           // the index of buf[0]
	buf   []lexer.Token // the tokens converted so far
}

func (c *unitCursor) Peek() *lexer.Token {
	for c.base+len(c.buf) <= c.i {
		at := c.base + len(c.buf)
		c.buf = append(c.buf, lexToken(&c.toks[at], at, c.names))
	}
	return &c.buf[c.i-c.base]
}

func (c *unitCursor) mark() int { return c.i }

// run returns the tokens read since mark from, a run of buf that the
// cursor never writes again (its capacity ends with it).
func (c *unitCursor) run(from int) []lexer.Token {
	c.Peek() // the tokens up to c.i are converted
	return c.buf[from-c.base : c.i-c.base : c.i-c.base]
}

func (c *unitCursor) Next() *lexer.Token {
	t := c.Peek()
	if c.i < len(c.toks)-1 { // the last token is the end of file, read for ever
		c.i++
	}
	return t
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
//
// It also returns the parameter lists of these functions, "(" to ")":
// participle takes a parameter list as a Group, a balanced run it only
// steps over and keeps as the positions of its parentheses, so it needs
// only the two (the tokens are the unit's, Unit.groupTokens). A list with a ";" or a brace is not returned: where the
// run is not a function's but a Skip's (register(b0) of a cbuffer), those
// are the tokens that decide where a Skip ends, and hidingHeld accepts a
// run that lies in a Skip.
func (u *Unit) functionBodies() (out, groups map[int32]int32) {
	toks := u.tokens
	top := bracketScan{kinds: braces, floor: true} // the braces open outside function bodies
	for i := 0; i < len(toks); i++ {
		t := &toks[i]
		if t.Kind != TokPunct {
			continue
		}
		if t.Text != "{" || top.depth() > 0 {
			top.step(t.Text)
			continue
		}
		j := i - 1
		if j >= 2 && toks[j].Kind == TokIdent && toks[j-1].Kind == TokPunct && toks[j-1].Text == ":" {
			j -= 2
		}
		if j < 0 || toks[j].Kind != TokPunct || toks[j].Text != ")" {
			top.step(t.Text)
			continue
		}
		end := MatchClose(toks, i)
		if end < 0 {
			return out, groups // unbalanced: the parser reports it
		}
		if k := matchOpen(toks, j); k >= 0 && j > k+1 && !u.hasAny(k, j, ";", "{", "}") {
			if groups == nil {
				groups = map[int32]int32{}
			}
			groups[int32(k)] = int32(j)
		}
		if end > i+1 {
			if out == nil {
				out = map[int32]int32{}
			}
			out[int32(i)] = int32(end)
		}
		i = end
	}
	return out, groups
}

// hasAny reports whether a punctuator of texts stands between tokens i
// and j.
func (u *Unit) hasAny(i, j int, texts ...string) bool {
	for k := i + 1; k < j; k++ {
		if t := &u.tokens[k]; t.Kind == TokPunct && slices.Contains(texts, t.Text) {
			return true
		}
	}
	return false
}

// minChunk is the fewest tokens parseChunked gives participle at a time
// (a chunk ends at the first safe cut after it).
const minChunk = 1 << 12

// parseChunked parses the unit's tokens a run of top-level declarations at
// a time (chunks of at least min tokens, see nextCut), with function bodies,
// parameter lists and the declarations of u.skips hidden from participle,
// and puts the hidden declarations back into the tree (mergeSkips). A chunk
// that does not parse with things hidden is parsed again with nothing
// hidden; if it still does not, the whole file is parsed again in one
// piece (parseWhole; whole reports that), so that syntax errors and their
// recovery are those of a parse of every token. Steps 4 to 8 of the
// overview in doc.go say why the chunks' tree is the whole file's.
func (u *Unit) parseChunked(fp *participle.Parser[syntaxFile], min int) (f *syntaxFile, whole bool, err error) {
	f = &syntaxFile{}
	skips := u.skips
	var buf []lexer.Token // every chunk's tokens, in turn (peek.go)
	for start := 0; start < len(u.tokens); {
		end := u.nextCut(start, min)
		for len(skips) > 0 && int(skips[0].start) < start {
			skips = skips[1:]
		}
		part, skipped, err := u.parseChunk(fp, &buf, start, end, true, skips)
		if err != nil || part == nil {
			// A syntax error, or what was hidden was not what the grammar
			// skips: the chunk again, with nothing hidden.
			part, skipped, err = u.parseChunk(fp, &buf, start, end, false, nil)
		}
		if err != nil {
			f, err := u.parseWhole(fp)
			return f, true, err
		}
		f.Decls = u.mergeSkips(f.Decls, part.Decls, skipped)
		start = end
	}
	return f, false, nil
}

// parseChunk parses tokens [start, end), with function bodies and the
// declarations of skips hidden if hide is set, and returns the hidden
// declarations it stepped over. If what it hid turns out not to be what
// the grammar skips, it returns nil and no error. The tokens participle is
// shown are read into *buf, which is reused for every chunk.
func (u *Unit) parseChunk(fp *participle.Parser[syntaxFile], buf *[]lexer.Token, start, end int, hide bool, skips []span) (*syntaxFile, []span, error) {
	tl := &tokenLexer{toks: u.tokens[:end], names: u.PP.Names, i: start}
	if hide {
		tl.bodies, tl.groups, tl.skips = u.bodies, u.groups, skips
	}
	*buf = tl.readAll(*buf)
	part, err := fp.ParseFromLexer(peekingOver(*buf))
	if err == nil && hide {
		if !hidingHeld(part, tl) {
			return nil, nil, nil
		}
	}
	return part, tl.skipped, err
}

// hidingHeld reports whether what tl hid from participle is what the
// grammar skips: every body it stepped over is a function's body or the
// first brace block of a Skip declaration, every parameter list a
// function's or in a Skip, and every hidden declaration
// that starts after the "}" of a body follows such a body (see
// hiddenSkips). Only nonsense fails this (an initializer "g() {1}"), and
// its chunk is parsed again with nothing hidden.
func hidingHeld(part *syntaxFile, tl *tokenLexer) bool {
	if len(tl.jumped) == 0 && len(tl.skipped) == 0 && len(tl.jumpedGroups) == 0 {
		return true
	}
	bodyAt := map[int]bool{}
	for _, d := range part.Decls {
		if d.Func != nil && d.Func.Body != nil {
			bodyAt[d.Func.Body.Pos.Offset] = true
		}
	}
	// held is whether the body at b is a function's or a Skip's. A Skip's
	// only if the function lookahead over every token refuses its
	// declaration too: a hidden run can move where the lookahead stops
	// ("A < B ( x > f ( y ) ) { }": over every token it stops at the ">"
	// inside the parentheses, and takes a function).
	held := func(b int) bool {
		if bodyAt[b] {
			return true
		}
		// The declaration that holds b: the last one that starts before it.
		k := sort.Search(len(part.Decls), func(k int) bool { return part.Decls[k].Pos.Offset > b }) - 1
		return k >= 0 && part.Decls[k].Skip != nil && !funcAhead(&unitReader{toks: tl.toks, i: part.Decls[k].Pos.Offset})
	}
	if len(tl.jumpedGroups) > 0 {
		paramsAt := map[int]bool{}
		for _, d := range part.Decls {
			if d.Func != nil {
				paramsAt[d.Func.Params.Pos.Offset] = true
			}
		}
		for _, g := range tl.jumpedGroups {
			if !paramsAt[int(g)] && !held(int(g)) {
				return false
			}
		}
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

// mergeSkips appends to decls the declarations of a chunk and one for each
// hidden one (a Skip, or the technique read), in the order of the tokens.
func (u *Unit) mergeSkips(decls, parsed []*decl, skipped []span) []*decl {
	// The hidden declarations' nodes, one array of each kind.
	nodes := make([]decl, len(skipped))
	nskips := 0
	for _, sp := range skipped {
		if sp.tech == nil {
			nskips++
		}
	}
	skips := make([]skip, nskips)
	decls = slices.Grow(decls, len(parsed)+len(skipped))
	for len(parsed) > 0 || len(skipped) > 0 {
		if len(skipped) == 0 || len(parsed) > 0 && parsed[0].Pos.Offset < int(skipped[0].start) {
			decls = append(decls, parsed[0])
			parsed = parsed[1:]
			continue
		}
		d := &nodes[0]
		nodes = nodes[1:]
		d.Pos = tokPosition(&u.tokens[skipped[0].start], int(skipped[0].start), u.PP.Names)
		if td := skipped[0].tech; td != nil {
			d.Technique = td
		} else {
			d.Skip = &skips[0]
			d.Skip.Pos = d.Pos
			skips = skips[1:]
		}
		decls = append(decls, d)
		skipped = skipped[1:]
	}
	return decls
}

// parseWhole parses the unit's tokens in one piece, recovering from syntax
// errors to report the independent ones.
func (u *Unit) parseWhole(fp *participle.Parser[syntaxFile]) (*syntaxFile, error) {
	tl := &tokenLexer{toks: u.tokens, names: u.PP.Names, bodies: u.bodies}
	buf := tl.readAll(nil)
	f, err := fp.ParseFromLexer(peekingOver(buf))
	if err != nil {
		return nil, u.recoverSyntax(err)
	}
	if !hidingHeld(f, tl) {
		buf = (&tokenLexer{toks: u.tokens, names: u.PP.Names}).readAll(buf)
		if f, err = fp.ParseFromLexer(peekingOver(buf)); err != nil {
			return nil, u.recoverSyntax(err)
		}
	}
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
	var d depths
	for i := start; i < len(u.tokens); i++ {
		t := &u.tokens[i]
		d.step(t)
		switch {
		case d.lost:
			return len(u.tokens)
		case d.unbalanced():
			return len(u.tokens) // a syntax error the whole parse reports
		case t.Kind == TokPunct && t.Text == ";" && i+1-start >= min && d.outside():
			return i + 1
		}
	}
	return len(u.tokens)
}
