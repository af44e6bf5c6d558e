package hlsl

import (
	"testing"

	"github.com/alecthomas/participle/v2/lexer"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestPeekingOver holds peekingOver to lexer.Upgrade: the layout it
// mirrors is participle's (if an upgrade of participle changes it, this
// fails, and the code falls back to Upgrade until the mirror is fixed),
// and the lexer it builds reads, peeks, ranges and restores checkpoints
// as Upgrade's does over the same tokens.
func TestPeekingOver(t *testing.T) {
	require.True(t, lexerMirrored(), "peekingLexer no longer has lexer.PeekingLexer's layout: update it to participle's")
	u, err := ParseFile("t.hlsl", []byte("struct S { float4 p : POSITION; float2 t[2] : TEXCOORD0; };\nfloat4 f(S s) : COLOR { return 0; }\n"), nil)
	require.NoError(t, err)
	toks := (&tokenLexer{toks: u.tokens, names: u.PP.Names}).readAll(nil)
	require.Greater(t, len(toks), 20)
	require.True(t, toks[len(toks)-1].EOF())
	want, err := lexer.Upgrade(&sliceLexer{toks: toks[:len(toks)-1], eof: toks[len(toks)-1]})
	require.NoError(t, err)
	got := peekingOver(toks)
	// The two differ only in elide, an empty map in Upgrade's and nil in
	// the mirror's, which read the same.
	assert.Equal(t, want.Range(0, lexer.RawCursor(len(toks))), got.Range(0, lexer.RawCursor(len(toks))))
	var saved lexer.Checkpoint
	for i := 0; !want.Peek().EOF(); i++ {
		assert.Equal(t, *want.Peek(), *got.Peek(), "token %d", i)
		pw, _ := want.PeekAny(func(lexer.Token) bool { return true })
		pg, _ := got.PeekAny(func(lexer.Token) bool { return true })
		assert.Equal(t, pw, pg)
		if i == 5 {
			saved = got.MakeCheckpoint()
		}
		assert.Equal(t, *want.Next(), *got.Next())
		assert.Equal(t, want.Cursor(), got.Cursor())
		assert.Equal(t, want.Range(0, want.RawCursor()), got.Range(0, got.RawCursor()))
	}
	assert.True(t, got.Peek().EOF())
	assert.True(t, got.Next().EOF(), "the end of file is read for ever")
	got.LoadCheckpoint(saved)
	assert.Equal(t, toks[5], *got.Next())
}
