package hlsl

// Counting brackets.
//
// Much of the front end must know where a bracket closes without parsing
// what lies between: where a function body ends (functionBodies), where a
// declaration participle is not shown ends (skipDecl), where a chunk may be
// cut (nextCut), where a pass's state assignment or an initializer ends
// (statement, expr), where a file's next declaration starts after a syntax
// error (declEnd). Every one of these scans counts the same way, and
// bracketScan is that count: an opening bracket adds one, a closing one
// takes one away, and a run is balanced where the count is back to zero.
// The scans differ in two things only, which a bracketScan is told:
//
//   - which brackets count (its kinds). Matching a brace counts braces
//     alone ("{ ( }" is closed by the "}"), as participle's Block does;
//     finding the end of an expression counts ( [ { together in one
//     depth (nesting), so "( ]" closes: such a scan only finds where a
//     run ends, and leaves its contents to what reads the run; angle
//     brackets count only where a scan knows they are brackets
//     (annotations, templates), since "<" is also a comparison.
//   - what a close with nothing open does: by default it makes the depth
//     negative, which the scan reads as a stray close (a syntax error it
//     reports or leaves to participle); with floor set it counts nothing,
//     for a scan that recovers (declEnd) or that only looks for where a
//     top-level brace opens (functionBodies).
//
// Every scan only moves forward (or, in matchOpen, only backward) over
// its tokens and stops at their end, so no input, balanced or not, makes
// one panic or loop for ever; FuzzParse and FuzzHidingSameTree feed them
// unbalanced input. (The scans that stop at the first close, as grammar
// rules such as Dim, "[" ~"]"* "]", do, count nothing: a dimension, an
// attribute and the lookahead's template arguments do not nest.)
//
// A bracketScan reads a token's spelling only, so it counts both token
// types of the package alike: the unit's preprocessed tokens (Token.Text)
// and the participle tokens made from them (lexer.Token.Value). Only a
// punctuator is spelled like a bracket: pp's scanner makes every bracket
// a TokPunct, strings and characters keep their quotes, and the end of
// file has no text.

// A bracket is a kind of bracket.
type bracket uint8

const (
	paren  bracket = iota // ( )
	square                // [ ]
	brace                 // { }
	angle                 // < >, and ">>" as two closes
	numBrackets
)

// bracketText spells each kind's opening and closing bracket.
var bracketText = [numBrackets][2]string{paren: {"(", ")"}, square: {"[", "]"}, brace: {"{", "}"}, angle: {"<", ">"}}

// A bracketSet is a set of kinds of bracket.
type bracketSet uint8

const (
	parens  bracketSet = 1 << paren
	squares bracketSet = 1 << square
	braces  bracketSet = 1 << brace
	angles  bracketSet = 1 << angle
	// nesting are the brackets expressions and statements nest: "(",
	// "[" and "{" (a "<" may be a comparison).
	nesting = parens | squares | braces
)

// bracketOf returns the kind of bracket text spells and what it does to
// that kind's depth: +1 for an opening bracket, -1 for a closing one, -2
// for ">>" (it closes two angle brackets, "vector<vector<int,2>>"), and 0
// for any other text.
func bracketOf(text string) (bracket, int) {
	switch len(text) {
	case 1:
		switch text[0] {
		case '(':
			return paren, 1
		case ')':
			return paren, -1
		case '[':
			return square, 1
		case ']':
			return square, -1
		case '{':
			return brace, 1
		case '}':
			return brace, -1
		case '<':
			return angle, 1
		case '>':
			return angle, -1
		}
	case 2:
		if text == ">>" {
			return angle, -2
		}
	}
	return 0, 0
}

// A bracketScan counts the brackets of its kinds that are open in a run of
// tokens it is given one at a time (see above).
type bracketScan struct {
	kinds bracketSet // the kinds counted; none (the zero value) counts all four
	// floor makes a close with none of its kind open count nothing;
	// without it that kind's count, and the depth, go below zero.
	floor bool
	open  [numBrackets]int // opens minus closes, by kind
	n     int              // the sum of open: the depth
}

// step counts the token spelled text and returns how it changed the
// depth: +1 if it opened a bracket of the kinds, -1 (or -2, ">>" among
// angles) if it closed one, 0 if it did neither.
func (s *bracketScan) step(text string) int {
	b, d := bracketOf(text)
	if d == 0 || s.kinds != 0 && s.kinds&(1<<b) == 0 {
		return 0
	}
	if s.floor && d < -s.open[b] {
		d = -s.open[b]
	}
	s.open[b] += d
	s.n += d
	return d
}

// closes counts the token spelled text and reports whether it closed the
// outermost bracket: a close after which none is open (or, after a stray
// close, fewer than none).
func (s *bracketScan) closes(text string) bool { return s.step(text) < 0 && s.n <= 0 }

// depth returns how many brackets of the kinds are open: opens minus
// closes, below zero after a stray close unless floor is set.
func (s *bracketScan) depth() int { return s.n }

// of returns how many brackets of kind b are open.
func (s *bracketScan) of(b bracket) int { return s.open[b] }

// MatchClose returns the index of the token that closes the bracket
// toks[i] opens, counting brackets of its kind only, or -1 if toks[i]
// opens none or no token closes it. (The rewrite reads it too: a return
// of one call, "return f(...);".)
func MatchClose(toks []Token, i int) int {
	b, d := bracketOf(toks[i].Text)
	if d <= 0 {
		return -1
	}
	s := bracketScan{kinds: 1 << b}
	for k := i; k < len(toks); k++ {
		if s.closes(toks[k].Text) {
			return k
		}
	}
	return -1
}

// matchOpen returns the index of the token that opens the bracket toks[j]
// closes, walking back and counting brackets of its kind only, or -1 if
// toks[j] closes none or no token opens it. Walking back, the close makes
// the depth negative and the open that matches it brings it back to zero.
func matchOpen(toks []Token, j int) int {
	b, d := bracketOf(toks[j].Text)
	if d >= 0 {
		return -1
	}
	s := bracketScan{kinds: 1 << b}
	for k := j; k >= 0; k-- {
		if s.step(toks[k].Text) > 0 && s.n >= 0 {
			return k
		}
	}
	return -1
}

// depths counts the brackets open at a token of the top level, where a
// ";" outside them ends a declaration (nextCut, hiddenSkips): braces,
// parentheses, square brackets, and angle brackets at brace depth 0
// (annotations "< string UIName = "x"; >" and templates
// "vector<float, 4>"). It is a bracketScan of the four kinds that sees
// "<" and ">" only at brace depth 0. There "<" may also be a comparison
// ("static const bool B = 1 < 2;"), so a ">" with no "<" open, or a shift,
// sets lost: the angle count may be wrong from there on, and the caller
// stops trusting it. The zero value has no bracket open.
type depths struct {
	scan bracketScan // of all four kinds
	lost bool
}

// step counts t.
func (d *depths) step(t *Token) {
	if t.Kind != TokPunct {
		return
	}
	switch t.Text {
	case "<", ">":
		if d.scan.of(brace) != 0 {
			return
		}
		if t.Text == ">" && d.scan.of(angle) == 0 {
			d.lost = true
		}
	case "<<", ">>", "<<=", ">>=":
		if d.scan.of(brace) == 0 {
			d.lost = true
		}
		return
	}
	d.scan.step(t.Text)
}

// outside reports whether no bracket is open.
func (d *depths) outside() bool { return d.scan.open == [numBrackets]int{} }

// unbalanced reports whether a brace, parenthesis or square bracket closed
// that was not open.
func (d *depths) unbalanced() bool {
	return d.scan.of(brace) < 0 || d.scan.of(paren) < 0 || d.scan.of(square) < 0
}
