package hlsl

import (
	"strings"

	"github.com/shpack/shpack/ir"
)

// Declarations shpack skips that hide a missing ";".
//
// The grammar reads what shpack has no use for (globals, samplers,
// cbuffers) as Skip: every token up to the next ";" outside braces, or to
// the end of the first brace block. A global whose ";" is missing
// ("float4x4 World" on a line of its own) runs on into the declaration
// after it, which Skip then swallows whole: a struct, a technique, or a
// function up to the end of its body. Nothing reports it, and the file
// reads as if the struct or function did not exist ("unknown type VO",
// "no function named main", or nothing at all). A C compiler reports the
// missing ";" at the end of the declarator; so does checkSkips, for a
// Skip that holds, after its first token and outside brackets, the start
// of a declaration Skip never begins with (struct, typedef, a technique)
// or a brace block right after a parameter list (a function's body: no
// construct Skip is meant for has one, but a cbuffer's register(b0)).

// checkSkips reports the first missing ";" that a Skip declaration of the
// unit swallowed a declaration through, at the end of the token before
// the declaration it swallowed.
func (u *Unit) checkSkips() error {
	for _, d := range u.syntax.Decls {
		if d.Skip == nil {
			continue
		}
		if at, ok := u.swallowed(d.Skip.Pos.Offset); ok {
			prev := &u.tokens[at-1]
			pos := u.PP.Pos(prev)
			pos.Col += len(prev.Text)
			return ir.ErrorList{ir.Errorf(pos, u.PP.Chain(prev.Ctx), "expected \";\" after %q (the declaration that starts with %q runs into this one)", prev.Text, u.tokens[at].Text)}
		}
	}
	return nil
}

// swallowed returns the index of the token that starts a declaration the
// Skip at token start runs into, if it does. It reads the tokens Skip
// reads: up to the first ";", or to the first brace block.
func (u *Unit) swallowed(start int) (int, bool) {
	toks := u.tokens
	if start >= len(toks) {
		return 0, false
	}
	switch first := strings.ToLower(toks[start].Text); first {
	case "cbuffer", "tbuffer", ";", "{":
		return 0, false // Skip ends at its first ";" or block
	}
	lineStart := 0 // the first token after start that begins a line outside parentheses
	inParens := bracketScan{kinds: parens, floor: true}
	open := 0 // the outermost "(" last opened
	for j := start + 1; j < len(toks); j++ {
		t := &toks[j]
		if t.Kind == TokEOF {
			return 0, false
		}
		if t.BOL && inParens.depth() == 0 && lineStart == 0 && t.Text != "{" {
			lineStart = j
		}
		switch {
		case t.Kind == TokIdent && (t.Text == "struct" || t.Text == "typedef" || techniqueWords[strings.ToLower(t.Text)]):
			return j, true
		case t.Kind != TokPunct:
		case t.Text == "(" || t.Text == ")":
			if inParens.step(t.Text) > 0 && inParens.depth() == 1 {
				open = j
			}
		case t.Text == ";":
			return 0, false
		case t.Text == "{":
			if !u.bodyAfterList(start, j) {
				return 0, false
			}
			// A function's body: its declaration starts on the first line
			// after the skipped one's, or (all on one line) at the token
			// before its name.
			switch {
			case lineStart > 0 && lineStart < open:
				return lineStart, true
			case open-2 > start:
				return open - 2, true
			}
			return 0, false
		}
	}
	return 0, false
}

// bodyAfterList reports whether the "{" at token j follows a parameter
// list: ")" right before it, or ") : NAME" (a function's semantic).
func (u *Unit) bodyAfterList(start, j int) bool {
	toks := u.tokens
	switch {
	case j-1 > start && toks[j-1].Text == ")":
		return true
	case j-3 > start && toks[j-1].Kind == TokIdent && toks[j-2].Text == ":" && toks[j-3].Text == ")":
		return true
	}
	return false
}
