package hlsl

import (
	"errors"
	"fmt"
	"io/fs"
	"testing"

	"github.com/alecthomas/participle/v2"
	"github.com/alecthomas/participle/v2/lexer"
	"github.com/stretchr/testify/require"
)

// The grammar as one participle rule, as it was before Decl became a
// Parse method and each kind of declaration a grammar of its own: the
// reference that TestDeclSameAsOneGrammar and FuzzDeclSameAsOneGrammar
// hold the parse to, trees and errors alike.
type (
	refFile struct {
		Decls []*refDecl `parser:"@@*"`
	}
	refDecl struct {
		Pos       lexer.Position
		Func      *refFunc       `parser:"  @@"`
		Struct    *structSyntax  `parser:"| @@"`
		Technique *techniqueDecl `parser:"| @@"`
		Const     *refConst      `parser:"| @@"`
		Pragma    string         `parser:"| @Pragma"`
		ShaderVar *shaderVarDecl `parser:"| @@"`
		Typedef   *typedefSyntax `parser:"| @@"`
		Skip      *skip          `parser:"| @@"`
	}
	// The lookaheads were the first fields of these two rules.
	refFunc struct {
		Is funcLookahead `parser:"@@"`
		funcSyntax
	}
	refConst struct {
		Is constLookahead `parser:"@@"`
		constSyntax
	}
)

var refGrammar lazyGrammar[refFile]

// tree converts the reference's tree into the parse's.
func (r *refFile) tree() *syntaxFile {
	f := &syntaxFile{}
	for _, d := range r.Decls {
		n := &decl{Pos: d.Pos, Technique: d.Technique, Pragma: d.Pragma, ShaderVar: d.ShaderVar, Skip: d.Skip}
		switch {
		case d.Func != nil:
			v := funcDecl(d.Func.funcSyntax)
			n.Func = &v
		case d.Struct != nil:
			v := structDecl(*d.Struct)
			n.Struct = &v
		case d.Const != nil:
			v := constDecl(d.Const.constSyntax)
			n.Const = &v
		case d.Typedef != nil:
			v := typedefDecl(*d.Typedef)
			n.Typedef = &v
		}
		f.Decls = append(f.Decls, n)
	}
	return f
}

// sameAsOneGrammar parses the unit's tokens, all of them in one piece,
// with the file grammar and with the reference, and requires the same tree
// or the same error. It returns whether the parse failed.
func sameAsOneGrammar(t *testing.T, name string, src []byte, opts *PPOptions) bool {
	pp, errs := Preprocess(name, src, opts)
	if len(errs) > 0 {
		return false
	}
	u := &Unit{Name: name, PP: pp, tokens: pp.Tokens}
	buf := (&tokenLexer{toks: u.tokens, names: u.PP.Names}).readAll(nil)
	got, gerr := fileGrammar.parser().ParseFromLexer(peekingOver(buf))
	want, werr := refGrammar.parser().ParseFromLexer(peekingOver(buf))
	require.Equal(t, fmt.Sprint(werr), fmt.Sprint(gerr), "%s: the error differs from the one grammar's", name)
	// The token too: tokens of one macro expansion share a position, and
	// the error's handling (a missing ";" moved to the line before, the
	// recovery after it) goes by the token's index.
	var wpe, gpe participle.Error
	if errors.As(werr, &wpe) && errors.As(gerr, &gpe) {
		require.Equal(t, wpe.Position().Offset, gpe.Position().Offset, "%s: the error is at another token than the one grammar's", name)
	}
	if werr == nil {
		require.Equal(t, want.tree(), got, "%s: the tree differs from the one grammar's", name)
	}
	return werr != nil
}

// TestDeclSameAsOneGrammar holds the parse to the one grammar on both
// corpora, on twelve prefixes of each file (which end in the middle of
// declarations: the error paths), and on the cases of TestDeclFailures.
func TestDeclSameAsOneGrammar(t *testing.T) {
	files, failed := 0, 0
	for _, c := range declFailureCases {
		files++
		if sameAsOneGrammar(t, "x.hlsl", []byte(c.src), nil) {
			failed++
		}
	}
	for _, fs := range chunkTestFiles(t) {
		for _, f := range fs {
			for k := 0; k <= 12; k++ {
				src := f.src[:len(f.src)*(13-k)/13]
				files++
				if sameAsOneGrammar(t, f.name, src, f.opts) {
					failed++
				}
			}
		}
	}
	t.Logf("%d parses the same as the one grammar's, %d of them errors", files, failed)
	require.Greater(t, failed, 1000, "the prefixes reach the error paths")
}

// FuzzDeclSameAsOneGrammar holds the parse to the one grammar on any
// input: the same tree, or the same error at the same place.
func FuzzDeclSameAsOneGrammar(f *testing.F) {
	for _, c := range declFailureCases {
		f.Add([]byte(c.src))
	}
	for _, c := range parseFuzzSeeds {
		f.Add([]byte(c))
	}
	for _, c := range chunkCases {
		f.Add([]byte(c))
	}
	f.Fuzz(func(t *testing.T, src []byte) {
		sameAsOneGrammar(t, "fuzz.hlsl", src, &PPOptions{ReadFile: func(string) ([]byte, error) { return nil, fs.ErrNotExist }})
	})
}

// badGrammar does not build: its tag is no grammar.
type badGrammar struct {
	X string `parser:"@@@"`
}

// TestLazyGrammarPanicsEachTime checks that a grammar that does not build
// panics on every use, not only on the first (a nil parser after that
// would fail far from the mistake).
func TestLazyGrammarPanicsEachTime(t *testing.T) {
	var g lazyGrammar[badGrammar]
	require.Panics(t, func() { g.parser() })
	require.Panics(t, func() { g.parser() })
}
