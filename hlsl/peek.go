package hlsl

// Handing participle its tokens without lexer.Upgrade's copy: peekingOver
// makes participle's lexer over an array the caller owns and reuses for
// every chunk. Step 5 of the overview in doc.go, and "Peeking" under "Why
// it is right" there, say why this is safe.

import (
	"reflect"
	"sync"
	"unsafe"

	"github.com/alecthomas/participle/v2/lexer"
)

// peekingLexer has the layout of lexer.PeekingLexer in participle v2.1.4:
// a lexer.Checkpoint (the raw cursor, the cursor of the next token not
// elided, the count of tokens not elided before it), the tokens, and the
// token types elided. With nothing elided and the cursors at 0 it is what
// lexer.Upgrade returns for the same tokens.
type peekingLexer struct {
	rawCursor  lexer.RawCursor
	nextCursor lexer.RawCursor
	cursor     int
	tokens     []lexer.Token
	elide      map[lexer.TokenType]bool
}

// lexerMirrored reports whether peekingLexer has lexer.PeekingLexer's
// layout: the same size, and the same fields (the Checkpoint's flattened)
// with the same types at the same offsets.
var lexerMirrored = sync.OnceValue(func() bool {
	theirs, ours := reflect.TypeFor[lexer.PeekingLexer](), reflect.TypeFor[peekingLexer]()
	if theirs.Size() != ours.Size() {
		return false
	}
	a, b := flatFields(theirs, 0), flatFields(ours, 0)
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
})

// flatField is a field of a struct with its embedded structs flattened.
type flatField struct {
	name   string
	typ    reflect.Type
	offset uintptr
}

func flatFields(t reflect.Type, base uintptr) []flatField {
	var out []flatField
	for i := range t.NumField() {
		f := t.Field(i)
		if f.Anonymous && f.Type.Kind() == reflect.Struct {
			out = append(out, flatFields(f.Type, base+f.Offset)...)
			continue
		}
		out = append(out, flatField{f.Name, f.Type, base + f.Offset})
	}
	return out
}

// peekingOver returns a participle lexer over toks, whose last token is
// the end of file; it reads toks in place, so they must not change while
// it is in use.
func peekingOver(toks []lexer.Token) *lexer.PeekingLexer {
	if lexerMirrored() {
		return (*lexer.PeekingLexer)(unsafe.Pointer(&peekingLexer{tokens: toks}))
	}
	lex, _ := lexer.Upgrade(&sliceLexer{toks: toks[:len(toks)-1], eof: toks[len(toks)-1]}) // sliceLexer never fails
	return lex
}

// readAll appends the tokens l gives, up to and including the end of file,
// to buf[:0], growing buf to their number if it is smaller: a run of a
// copy of l counts them first (stepping over what l hides costs little
// next to growing an array of 64-byte tokens from empty).
func (l *tokenLexer) readAll(buf []lexer.Token) []lexer.Token {
	dry := *l
	dry.dry = true
	n := 1
	for t, _ := dry.Next(); !t.EOF(); t, _ = dry.Next() {
		n++
	}
	if cap(buf) < n {
		buf = make([]lexer.Token, 0, n)
	}
	buf = buf[:0]
	for {
		t, _ := l.Next()
		buf = append(buf, t)
		if t.EOF() {
			return buf
		}
	}
}
