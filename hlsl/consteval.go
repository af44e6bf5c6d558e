package hlsl

import (
	"github.com/alecthomas/participle/v2/lexer"

	"github.com/shpack/shpack/hlsl/pp"
	"github.com/shpack/shpack/ir"
)

// maxConstDepth bounds how deeply integer constants may refer to each other
// (N = M * 2, M = K + 1, ...), which also stops cycles.
const maxConstDepth = 32

// dims evaluates array dimensions. Each must be a constant integer
// expression, after macro expansion, of literals and integer constants
// ("static const int N = 4;"), between 1 and maxRows.
func (u *Unit) dims(ds []*dim) ([]int, *ir.Error) {
	if len(ds) == 0 {
		return nil, nil
	}
	out := make([]int, 0, len(ds))
	for _, d := range ds {
		toks := d.Tokens
		if len(toks) >= 2 { // drop the brackets
			toks = toks[1 : len(toks)-1]
		}
		if len(toks) == 0 {
			return nil, u.errorAt(d.Pos, "array size missing (a varying array needs a constant size)")
		}
		n, err := u.constExpr(toks, 0)
		if err != nil {
			return nil, err
		}
		switch {
		case n < 1:
			return nil, u.errorAt(d.Pos, "array size %d must be at least 1", n)
		case n > maxRows:
			return nil, u.errorAt(d.Pos, "array size %d is too large (a signature holds at most %d rows)", n, maxRows)
		}
		out = append(out, int(n))
	}
	return out, nil
}

// constExpr evaluates a constant integer expression of the source (see
// pp.EvalExpr, the evaluator of #if): identifiers are integer constants
// ("static const int N = 4;"), evaluated in turn, depth levels deep so far.
func (u *Unit) constExpr(toks []lexer.Token, depth int) (int64, *ir.Error) {
	ct := make([]pp.ExprToken, len(toks))
	for i, t := range toks {
		ct[i] = pp.ExprToken{Kind: pp.TokKind(t.Type), Text: t.Value}
	}
	var identErr *ir.Error
	v, err := pp.EvalExpr(ct, func(i int) (int64, string, bool) {
		n, e := u.constant(&toks[i], depth)
		if e != nil {
			identErr = e
			return 0, e.Msg, false
		}
		return n, "", true
	})
	if err == nil {
		return v, nil
	}
	pos := lexer.Position{}
	switch {
	case err.At < len(toks):
		pos = toks[err.At].Pos
	case len(toks) > 0:
		pos = toks[len(toks)-1].Pos
	}
	switch err.Kind {
	case pp.ExprIdent:
		return 0, identErr
	case pp.ExprArith:
		return 0, u.errorAt(pos, "%s in constant expression", err.Msg)
	case pp.ExprFloat:
		return 0, u.errorAt(pos, "array size must be an integer, not %s", err.Float)
	}
	return 0, u.errorAt(pos, "invalid constant expression: %s", err.Msg)
}

// constant evaluates a named integer constant.
func (u *Unit) constant(t *lexer.Token, depth int) (int64, *ir.Error) {
	c, ok := u.idx.consts[t.Value]
	if !ok {
		return 0, u.errorAt(t.Pos, "%s is not a constant (array sizes must be constant integer expressions)", t.Value)
	}
	if depth >= maxConstDepth {
		return 0, u.errorAt(t.Pos, "constant %s refers to itself or nests too deeply", t.Value)
	}
	sh, err := u.resolve(c.Type, 0)
	if err != nil || sh.kind != shapeNumeric || sh.rows > 0 || sh.cols != 1 || !sh.scalar.IsInteger() {
		return 0, u.errorAt(t.Pos, "%s is not an integer constant", t.Value)
	}
	return u.constExpr(c.Value.Tokens, depth+1)
}

// quote puts user text in double quotes for a message, as written (no Go
// escapes); a string literal keeps its own quotes.
func quote(s string) string {
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		return s
	}
	return `"` + s + `"`
}
