package hlsl

import (
	"strconv"
	"strings"

	"github.com/alecthomas/participle/v2/lexer"

	"github.com/shpack/shpack/ir"
)

// maxConstDepth bounds how deeply integer constants may refer to each other
// (N = M * 2, M = K + 1, ...), which also stops cycles.
const maxConstDepth = 32

// dims evaluates array dimensions. Each must be a constant integer
// expression, after macro expansion, of literals and integer constants
// ("static const int N = 4;"), between 1 and maxRows.
func (u *Unit) dims(ds []*Dim) ([]int, *ir.Error) {
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
			return nil, u.Errorf(d.Pos, "array size missing (a varying array needs a constant size)")
		}
		ev := evaluator{u: u, toks: toks}
		n, err := ev.eval(0)
		if err != nil {
			return nil, err
		}
		switch {
		case n < 1:
			return nil, u.Errorf(d.Pos, "array size %d must be at least 1", n)
		case n > maxRows:
			return nil, u.Errorf(d.Pos, "array size %d is too large (a signature holds at most %d rows)", n, maxRows)
		}
		out = append(out, int(n))
	}
	return out, nil
}

// evaluator computes a constant integer expression by precedence climbing.
type evaluator struct {
	u     *Unit
	toks  []lexer.Token
	i     int
	depth int
}

func (e *evaluator) eval(depth int) (int64, *ir.Error) {
	e.depth = depth
	v, err := e.expr(0)
	if err != nil {
		return 0, err
	}
	if e.i < len(e.toks) {
		return 0, e.u.Errorf(e.toks[e.i].Pos, "unexpected %s in constant expression", quote(e.toks[e.i].Value))
	}
	return v, nil
}

var constPrec = map[string]int{
	"||": 1, "&&": 2, "|": 3, "^": 4, "&": 5, "==": 6, "!=": 6,
	"<": 7, ">": 7, "<=": 7, ">=": 7, "<<": 8, ">>": 8, "+": 9, "-": 9, "*": 10, "/": 10, "%": 10,
}

func (e *evaluator) peek() *lexer.Token {
	if e.i < len(e.toks) {
		return &e.toks[e.i]
	}
	return nil
}

func (e *evaluator) endPos() lexer.Position {
	if len(e.toks) == 0 {
		return lexer.Position{}
	}
	return e.toks[len(e.toks)-1].Pos
}

func (e *evaluator) expr(minPrec int) (int64, *ir.Error) {
	lhs, err := e.unary()
	if err != nil {
		return 0, err
	}
	for {
		t := e.peek()
		if t == nil {
			return lhs, nil
		}
		if t.Value == "?" && minPrec == 0 {
			e.i++
			a, err := e.expr(0)
			if err != nil {
				return 0, err
			}
			if t := e.peek(); t == nil || t.Value != ":" {
				return 0, e.u.Errorf(e.endPos(), "expected ':' in constant expression")
			}
			e.i++
			b, err := e.expr(0)
			if err != nil {
				return 0, err
			}
			if lhs != 0 {
				lhs = a
			} else {
				lhs = b
			}
			continue
		}
		prec, ok := constPrec[t.Value]
		if !ok || prec <= minPrec {
			return lhs, nil
		}
		e.i++
		rhs, err := e.expr(prec)
		if err != nil {
			return 0, err
		}
		switch t.Value {
		case "||":
			lhs = boolInt(lhs != 0 || rhs != 0)
		case "&&":
			lhs = boolInt(lhs != 0 && rhs != 0)
		case "|":
			lhs |= rhs
		case "^":
			lhs ^= rhs
		case "&":
			lhs &= rhs
		case "==":
			lhs = boolInt(lhs == rhs)
		case "!=":
			lhs = boolInt(lhs != rhs)
		case "<":
			lhs = boolInt(lhs < rhs)
		case ">":
			lhs = boolInt(lhs > rhs)
		case "<=":
			lhs = boolInt(lhs <= rhs)
		case ">=":
			lhs = boolInt(lhs >= rhs)
		case "<<":
			lhs <<= uint64(rhs) & 63
		case ">>":
			lhs >>= uint64(rhs) & 63
		case "+":
			lhs += rhs
		case "-":
			lhs -= rhs
		case "*":
			lhs *= rhs
		case "/", "%":
			if rhs == 0 {
				return 0, e.u.Errorf(t.Pos, "division by zero in constant expression")
			}
			if t.Value == "/" {
				lhs /= rhs
			} else {
				lhs %= rhs
			}
		}
	}
}

func boolInt(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func (e *evaluator) unary() (int64, *ir.Error) {
	t := e.peek()
	if t == nil {
		return 0, e.u.Errorf(e.endPos(), "constant expression ends too early")
	}
	e.i++
	switch t.Value {
	case "-", "+", "~", "!":
		v, err := e.unary()
		if err != nil {
			return 0, err
		}
		switch t.Value {
		case "-":
			return -v, nil
		case "~":
			return ^v, nil
		case "!":
			return boolInt(v == 0), nil
		}
		return v, nil
	case "(":
		v, err := e.expr(0)
		if err != nil {
			return 0, err
		}
		if t := e.peek(); t == nil || t.Value != ")" {
			return 0, e.u.Errorf(e.endPos(), "missing ')' in constant expression")
		}
		e.i++
		return v, nil
	}
	switch t.Type {
	case tokType(TokInt):
		s := strings.TrimRight(strings.ToLower(t.Value), "ul")
		n, err := strconv.ParseInt(s, 0, 64)
		if err != nil {
			return 0, e.u.Errorf(t.Pos, "invalid integer %s", t.Value)
		}
		return n, nil
	case tokType(TokFloat):
		return 0, e.u.Errorf(t.Pos, "array size must be an integer, not %s", t.Value)
	case tokType(TokIdent):
		return e.constant(t)
	}
	return 0, e.u.Errorf(t.Pos, "unexpected %s in constant expression", quote(t.Value))
}

// constant evaluates a named integer constant.
func (e *evaluator) constant(t *lexer.Token) (int64, *ir.Error) {
	c, ok := e.u.idx.consts[t.Value]
	if !ok {
		return 0, e.u.Errorf(t.Pos, "%s is not a constant (array sizes must be constant integer expressions)", t.Value)
	}
	if e.depth >= maxConstDepth {
		return 0, e.u.Errorf(t.Pos, "constant %s refers to itself or nests too deeply", t.Value)
	}
	sh, err := e.u.resolve(c.Type, 0)
	if err != nil || sh.kind != shapeNumeric || sh.rows > 0 || sh.cols != 1 || !sh.scalar.IsInteger() {
		return 0, e.u.Errorf(t.Pos, "%s is not an integer constant", t.Value)
	}
	sub := evaluator{u: e.u, toks: c.Value.Tokens}
	return sub.eval(e.depth + 1)
}

// quote puts user text in double quotes for a message, as written (no Go
// escapes); a string literal keeps its own quotes.
func quote(s string) string {
	if len(s) >= 2 && s[0] == '"' && s[len(s)-1] == '"' {
		return s
	}
	return `"` + s + `"`
}
