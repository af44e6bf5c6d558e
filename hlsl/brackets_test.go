package hlsl

import (
	"io/fs"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/corpus"
)

// scanTexts returns the spellings of the tokens of src, without the end of
// file.
func scanTexts(t *testing.T, src string) []Token {
	t.Helper()
	toks, errs := Scan("t.hlsl", []byte(src))
	require.Empty(t, errs)
	if n := len(toks); n > 0 && toks[n-1].Kind == TokEOF {
		toks = toks[:n-1]
	}
	return toks
}

func TestBracketOf(t *testing.T) {
	for _, tc := range []struct {
		text  string
		kind  bracket
		delta int
	}{
		{"(", paren, 1}, {")", paren, -1},
		{"[", square, 1}, {"]", square, -1},
		{"{", brace, 1}, {"}", brace, -1},
		{"<", angle, 1}, {">", angle, -1}, {">>", angle, -2},
		{"<<", 0, 0}, {">=", 0, 0}, {">>=", 0, 0}, {"<=", 0, 0},
		{";", 0, 0}, {"", 0, 0}, {`"("`, 0, 0}, {"a", 0, 0}, {"((", 0, 0},
	} {
		b, d := bracketOf(tc.text)
		assert.Equal(t, tc.delta, d, "%q", tc.text)
		if tc.delta == 0 {
			continue
		}
		assert.Equal(t, tc.kind, b, "%q", tc.text)
		side := 0 // bracketText's opening bracket
		if tc.delta < 0 {
			side = 1
		}
		assert.Equal(t, tc.text[:1], bracketText[b][side], "%q spells its kind's bracket", tc.text)
	}
}

// TestBracketScan pins the depth after every token.
func TestBracketScan(t *testing.T) {
	for _, tc := range []struct {
		name   string
		kinds  bracketSet
		floor  bool
		src    string
		depths []int // after each token
	}{
		{"nested", nesting, false, "( a [ b { c } ] )", []int{1, 1, 2, 2, 3, 3, 2, 1, 0}},
		{"one depth for all kinds", nesting, false, "( ] [ )", []int{1, 0, 1, 0}},
		{"kinds not counted", braces, false, "{ ( [ < } ) ]", []int{1, 1, 1, 1, 0, 0, 0}},
		{"stray close goes below zero", nesting, false, ") ( ] }", []int{-1, 0, -1, -2}},
		{"floor drops a stray close", braces, true, "} { } } {", []int{0, 1, 0, 0, 1}},
		{"floor by kind", parens | braces, true, "( } ) ) {", []int{1, 1, 0, 0, 1}},
		{"angles", angles, false, "< a < b > >", []int{1, 1, 2, 2, 1, 0}},
		{"shift closes two angles", angles, false, "< < a >> >", []int{1, 2, 2, 0, -1}},
		{"other shifts count nothing", angles, false, "< << >= >>= <=", []int{1, 1, 1, 1, 1}},
		{"angles not among nesting", nesting, false, "< ( > )", []int{0, 1, 1, 0}},
		{"zero kinds count all four", 0, false, "< ( [ { } ] ) >", []int{1, 2, 3, 4, 3, 2, 1, 0}},
		{"strings are no brackets", nesting, false, `( "(" ')' )`, []int{1, 1, 1, 0}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := bracketScan{kinds: tc.kinds, floor: tc.floor}
			var got []int
			for _, tok := range scanTexts(t, tc.src) {
				before := s.depth()
				d := s.step(tok.Text)
				assert.Equal(t, s.depth(), before+d, "step returns the change of depth (%q)", tok.Text)
				got = append(got, s.depth())
			}
			assert.Equal(t, tc.depths, got)
			sum := 0
			for b := range numBrackets {
				sum += s.of(b)
			}
			assert.Equal(t, s.depth(), sum, "the depth is the sum of the kinds")
		})
	}
}

// TestBracketCloses pins where closes reports the outermost bracket closed.
func TestBracketCloses(t *testing.T) {
	for _, tc := range []struct {
		name  string
		kinds bracketSet
		src   string
		at    int // the token closes reports first, -1 for none
	}{
		{"flat", braces, "{ a }", 2},
		{"nested", braces, "{ { } a } }", 4},
		{"other kinds inside", braces, "{ ( } )", 2},
		{"unclosed", braces, "{ { }", -1},
		{"stray close", nesting, "a ) (", 1},
		{"shift past zero", angles, "< a >>", 2},
		{"nothing opened", parens, "a b", -1},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := bracketScan{kinds: tc.kinds}
			got := -1
			for i, tok := range scanTexts(t, tc.src) {
				if s.closes(tok.Text) {
					got = i
					break
				}
			}
			assert.Equal(t, tc.at, got)
		})
	}
}

// TestMatchBrackets pins MatchClose and matchOpen, which count the
// brackets of the kind they start at only.
func TestMatchBrackets(t *testing.T) {
	for _, tc := range []struct {
		name        string
		src         string
		open, close int // token indices; -1: none
	}{
		{"flat", "{ a }", 0, 2},
		{"nested", "( ( a ) ( b ) )", 0, 7},
		{"inner", "( ( a ) ( b ) )", 4, 6},
		{"first inner", "( ( a ) ( b ) )", 1, 3},
		{"other kinds ignored", "{ ( } )", 0, 2},
		{"squares", "[ a [ 1 ] ]", 0, 5},
		{"angles", "< a < b > >", 0, 5},
	} {
		t.Run(tc.name, func(t *testing.T) {
			toks := scanTexts(t, tc.src)
			assert.Equal(t, tc.close, MatchClose(toks, tc.open), "MatchClose")
			assert.Equal(t, tc.open, matchOpen(toks, tc.close), "matchOpen")
		})
	}
	for _, tc := range []struct {
		name  string
		src   string
		at    int
		close bool // MatchClose, else matchOpen
	}{
		{"unclosed", "{ { a }", 0, true},
		{"unopened", "( a ) )", 3, false},
		{"not an open", "a { }", 0, true},
		{"a close is not an open", "( )", 1, true},
		{"not a close", "( a", 1, false},
		{"an open is not a close", "( )", 0, false},
		{"string", `"{" }`, 0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			toks := scanTexts(t, tc.src)
			if tc.close {
				assert.Equal(t, -1, MatchClose(toks, tc.at))
			} else {
				assert.Equal(t, -1, matchOpen(toks, tc.at))
			}
		})
	}
}

// TestDepths pins the top-level count after the whole of each source.
func TestDepths(t *testing.T) {
	for _, tc := range []struct {
		name                      string
		src                       string
		outside, unbalanced, lost bool
	}{
		{"balanced", "float4 f(float a[2]) { return 0; }", true, false, false},
		{"annotation open", `float4x4 M : WORLD < string UIName = "World";`, false, false, false},
		{"annotation closed", `float4x4 M : WORLD < string UIName = "World"; >;`, true, false, false},
		{"template", "vector<float, 4> v;", true, false, false},
		{"angles inside braces are not counted", "void f() { if (a < b) x = 1; }", true, false, false},
		{"comparison at the top", "static const bool G = 2 > 1;", false, false, true},
		{"shift at the top", "static const int N = 1 << 4;", true, false, true},
		{"shift inside braces", "void f() { x = 1 << 4; }", true, false, false},
		{"stray brace", "a; }", false, true, false},
		{"stray paren", "a )", false, true, false},
		{"stray square", "a ]", false, true, false},
		{"mismatched kinds", "( ]", false, true, false},
		{"open brace", "struct S {", false, false, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var d depths
			for _, tok := range scanTexts(t, tc.src) {
				d.step(&tok)
			}
			assert.Equal(t, tc.outside, d.outside(), "outside")
			assert.Equal(t, tc.unbalanced, d.unbalanced(), "unbalanced")
			assert.Equal(t, tc.lost, d.lost, "lost")
		})
	}
}

// TestBracketsArePunctuators holds up what lets one scanner read both
// token types by their spelling: in the corpus, every token spelled like a
// bracket is a punctuator.
func TestBracketsArePunctuators(t *testing.T) {
	checked := 0
	for _, name := range corpus.Names() {
		src, err := fs.ReadFile(corpus.FS(), name)
		require.NoError(t, err)
		toks, _ := Scan(name, src)
		for _, tok := range toks {
			if _, d := bracketOf(tok.Text); d != 0 {
				require.Equal(t, TokPunct, tok.Kind, "%s: %q", name, tok.Text)
				checked++
			}
		}
	}
	toks := scanTexts(t, `"(" '{' "}" '<' @ $ `+"`")
	for _, tok := range toks {
		_, d := bracketOf(tok.Text)
		assert.Zero(t, d, "%q (%v)", tok.Text, tok.Kind)
	}
	assert.Greater(t, checked, 500)
}
