package hlsl

import (
	"strings"

	"github.com/alecthomas/participle/v2/lexer"
)

// Hiding top-level declarations that the grammar would skip (Skip) and
// techniques: hiddenSkips finds them, tokenLexer steps over them, and
// parseChunked puts a Skip declaration or the technique read in their
// place. Step 3 of the overview in doc.go walks a file through it, and
// "Why it is right" there argues that the tree is the one a parse of every
// token gives.

// span is a run of tokens [start, end).
type span struct {
	start, end int32
	// afterBody marks a span that begins right after the "}" of a
	// function body (the start parseChunked checks).
	afterBody bool
	// tech is the technique the span holds, read from the tokens; nil
	// for a Skip.
	tech *techniqueDecl
}

// constMods are the modifiers a ConstDecl may begin with.
var constMods = map[string]bool{"static": true, "const": true, "uniform": true, "extern": true}

// skipRefuses reports whether Skip.Parse refuses a declaration that begins
// with t (it is another alternative's, or the end of something).
func skipRefuses(t *Token) bool { return skipRefusesFirst(tokType(t.Kind), t.Text) }

// skipRefusesFirst is the rule itself, for both kinds of token.
func skipRefusesFirst(typ lexer.TokenType, text string) bool {
	return typ == lexer.EOF || typ == tokType(TokPragma) || text == "}" || text == "struct" || text == "typedef" ||
		techniqueWords[strings.ToLower(text)]
}

// hiddenSkips returns the top-level declarations participle need not see
// (see above), in order.
func (u *Unit) hiddenSkips() []span {
	toks := u.tokens
	bodyEnd := make(map[int32]bool, len(u.bodies))
	for _, end := range u.bodies {
		bodyEnd[end] = true
	}
	var out []span
	var techBuf []lexer.Token        // every technique's tokens, in turn
	ahead := &unitReader{toks: toks} // skipDecl's, for every declaration
	var d depths                     // from the last start; d.lost: no ";" starts until the next start
	start, afterBody := true, false
	for i := 0; i < len(toks); {
		if start {
			d = depths{}
			if end, ok := u.skipDecl(i, ahead); ok {
				out = append(out, span{int32(i), int32(end), afterBody, nil})
				i, afterBody = end, false
				continue
			}
			if td, end, ok := u.techniqueAt(i, &techBuf); ok {
				out = append(out, span{int32(i), int32(end), afterBody, td})
				i, afterBody = end, false
				continue
			}
			start, afterBody = false, false
		}
		t := &toks[i]
		i++
		d.step(t)
		if d.unbalanced() {
			return out // left to the parser
		}
		if t.Kind != TokPunct {
			continue
		}
		switch t.Text {
		case "}":
			// After a body the next declaration starts, but a ";" right
			// after it may be a Skip's (cbuffer C : register(b0) {...};):
			// then the declaration after the ";" starts, by the ";" rule.
			if d.scan.of(brace) == 0 && bodyEnd[int32(i-1)] && !(i < len(toks) && toks[i].Kind == TokPunct && toks[i].Text == ";") {
				start, afterBody = true, true
			}
		case ";":
			start = !d.lost && d.outside()
		}
	}
	return out
}

// skipDecl reports whether the declaration that starts at token i is
// certainly read as Skip, and where Skip would end it. ahead is a reader of
// the unit's tokens for the function lookahead.
func (u *Unit) skipDecl(i int, ahead *unitReader) (int, bool) {
	toks := u.tokens
	first := &toks[i]
	if skipRefuses(first) || first.Text == "[" {
		return 0, false
	}
	if _, ok := stageOfType(first.Text); ok && first.Kind == TokIdent {
		return 0, false
	}
	if ahead.i = i; funcAhead(ahead) {
		return 0, false
	}
	constMod := first.Kind == TokIdent && constMods[first.Text]
	for j := i; j < len(toks); j++ {
		t := &toks[j]
		if t.Kind == TokEOF {
			return 0, false
		}
		if t.Kind != TokPunct {
			continue
		}
		switch t.Text {
		case ";":
			return j + 1, true
		case "}":
			return 0, false
		case "=":
			if constMod {
				return 0, false
			}
		case "{":
			k := MatchClose(toks, j)
			if k < 0 {
				return 0, false
			}
			end := k + 1
			if end < len(toks) && toks[end].Kind == TokPunct && toks[end].Text == ";" {
				end++
			}
			return end, true
		}
	}
	return 0, false
}

// techniqueAt reads the technique that starts at token i, if one does and
// it parses, with the parser participle would run (TechniqueDecl.Parse),
// and returns it and where it ends. A technique is where most tokens
// outside functions are; read here, participle neither copies them nor
// steps over them. One that does not parse is left to participle, which
// reports it. (A technique is chosen only when the function lookahead
// fails, which "technique T {" always makes it do; "technique T (" does
// not parse as a technique.) The cursor reads into *scratch, one buffer for
// every technique of the unit: a technique keeps copies of what it keeps.
func (u *Unit) techniqueAt(i int, scratch *[]lexer.Token) (*techniqueDecl, int, bool) {
	t := &u.tokens[i]
	if t.Kind != TokIdent || !techniqueWords[strings.ToLower(t.Text)] {
		return nil, 0, false
	}
	// Room for the tokens up to the "}" that closes the first "{", found
	// by a scan that also stops at a ";" outside braces: there the
	// technique ends or fails, so a file of "technique T;" lines is
	// scanned once, not once per line. An annotation with a ";" only
	// makes the cursor grow.
	n := 8
	for j, s := i, (bracketScan{kinds: braces}); j < len(u.tokens); j++ {
		if text := u.tokens[j].Text; s.closes(text) || text == ";" && s.depth() == 0 {
			n = j - i + 2
			break
		}
	}
	buf := *scratch
	if cap(buf) < n {
		buf = make([]lexer.Token, 0, n)
	}
	c := &unitCursor{toks: u.tokens, names: u.PP.Names, i: i, base: i, buf: buf[:0]}
	td := &techniqueDecl{}
	err := td.parse(c)
	*scratch = c.buf[:0] // what the technique keeps is copied (shaderValue)
	if err != nil {
		return nil, 0, false
	}
	return td, c.i, true
}
