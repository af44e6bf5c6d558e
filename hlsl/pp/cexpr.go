package pp

// The one evaluator of integer constant expressions, for #if and #elif
// (after macro expansion) and for array sizes: C's grammar and precedence
// in int64, with C's rules where they decide a value, and an error where C
// leaves it undefined instead of a silent wrong number:
//
//   - literals are decimal, 0x hex or 0 octal with u/l suffixes, and
//     character constants; Go's forms (1_000, 0b11, 0o7) are not C and are
//     invalid; a literal beyond int64 is an error;
//   - + - * / % and unary - that overflow int64 are errors, as is division
//     by zero; a shift count outside 0..63 and a left shift that loses bits
//     are errors; >> of a negative value is arithmetic (as in gcc);
//   - && || and ?: evaluate only the operand that decides the value: the
//     other is parsed, and its arithmetic errors are not raised (C's
//     "1 || 1/0" is 1).
//
// Identifiers are the caller's: #if makes every identifier left after
// expansion 0 (true: 1, an undefined function-like call: 0); array sizes
// look up named integer constants.

import (
	"fmt"
	"math"
	"strconv"
)

// cexprTok is one token of a constant expression.
type cexprTok struct {
	kind TokKind
	text string
}

// cexprErr is an evaluation error at token index at (len(toks): the end).
type cexprErr struct {
	at    int
	msg   string
	kind  cexprErrKind
	float string // kind cexprFloat: the literal
}

type cexprErrKind uint8

const (
	cexprSyntax cexprErrKind = iota // malformed expression
	cexprArith                      // division by zero, overflow, shift count
	cexprFloat                      // a floating-point literal
	cexprIdent                      // the identifier callback's error, as it wrote it
)

// cexprMaxNesting bounds the recursion of the parser.
const cexprMaxNesting = 1000

// cexpr evaluates one expression.
type cexpr struct {
	toks []cexprTok
	i    int
	// ident evaluates the identifier at token i (when it is not followed
	// by "(" in #if mode); nil means #if's rules.
	ident func(i int) (int64, *cexprErr)
	err   *cexprErr
	depth int
}

// evalCexpr evaluates toks, which must be one whole expression.
func evalCexpr(toks []cexprTok, ident func(i int) (int64, *cexprErr)) (int64, *cexprErr) {
	e := &cexpr{toks: toks, ident: ident}
	if len(toks) == 0 {
		return 0, &cexprErr{at: 0, msg: "missing expression"}
	}
	v := e.cond(true)
	if e.err == nil && e.i < len(toks) {
		e.fail(e.i, "unexpected %s after expression", e.describe(e.i))
	}
	if e.err != nil {
		return 0, e.err
	}
	return v, nil
}

func (e *cexpr) describe(i int) string {
	if i >= len(e.toks) {
		return "end of expression"
	}
	if e.toks[i].kind == TokString {
		return "string literal"
	}
	return strconv.Quote(Short(e.toks[i].text))
}

func (e *cexpr) fail(at int, format string, args ...any) {
	if e.err == nil {
		e.err = &cexprErr{at: at, msg: fmt.Sprintf(format, args...)}
	}
}

// arith records an arithmetic error where the value is used.
func (e *cexpr) arith(eval bool, at int, format string, args ...any) {
	if eval && e.err == nil {
		e.err = &cexprErr{at: at, msg: fmt.Sprintf(format, args...), kind: cexprArith}
	}
}

func (e *cexpr) punct() (string, bool) {
	if e.i < len(e.toks) && e.toks[e.i].kind == TokPunct {
		return e.toks[e.i].text, true
	}
	return "", false
}

func (e *cexpr) enter() bool {
	e.depth++
	if e.depth > cexprMaxNesting {
		e.fail(e.i, "nested too deeply")
		return false
	}
	return true
}

// cond parses a conditional expression.
func (e *cexpr) cond(eval bool) int64 {
	defer func() { e.depth-- }()
	if !e.enter() {
		return 0
	}
	c := e.binary(1, eval)
	if op, _ := e.punct(); op != "?" || e.err != nil {
		return c
	}
	e.i++
	a := e.cond(eval && c != 0)
	if op, _ := e.punct(); op != ":" {
		e.fail(e.i, "missing %q in conditional expression", ":")
		return 0
	}
	e.i++
	b := e.cond(eval && c == 0)
	if c != 0 {
		return a
	}
	return b
}

func cexprPrec(op string) int {
	switch op {
	case "*", "/", "%":
		return 10
	case "+", "-":
		return 9
	case "<<", ">>":
		return 8
	case "<", ">", "<=", ">=":
		return 7
	case "==", "!=":
		return 6
	case "&":
		return 5
	case "^":
		return 4
	case "|":
		return 3
	case "&&":
		return 2
	case "||":
		return 1
	}
	return 0
}

// binary parses binary operators of precedence minPrec and above.
func (e *cexpr) binary(minPrec int, eval bool) int64 {
	lhs := e.unary(eval)
	for e.err == nil {
		op, ok := e.punct()
		prec := cexprPrec(op)
		if !ok || prec == 0 || prec < minPrec {
			break
		}
		at := e.i
		e.i++
		switch op {
		case "&&":
			rhs := e.binary(prec+1, eval && lhs != 0)
			lhs = ppBool(lhs != 0 && rhs != 0)
		case "||":
			rhs := e.binary(prec+1, eval && lhs == 0)
			lhs = ppBool(lhs != 0 || rhs != 0)
		default:
			rhs := e.binary(prec+1, eval)
			lhs = e.apply(op, at, lhs, rhs, eval)
		}
	}
	return lhs
}

func (e *cexpr) apply(op string, at int, a, b int64, eval bool) int64 {
	switch op {
	case "*":
		r := a * b
		if a != 0 && (r/a != b || a == -1 && b == math.MinInt64 || b == -1 && a == math.MinInt64) {
			e.arith(eval, at, "integer overflow")
			return 0
		}
		return r
	case "/", "%":
		if b == 0 {
			e.arith(eval, at, "division by zero")
			return 0
		}
		if a == math.MinInt64 && b == -1 {
			e.arith(eval, at, "integer overflow")
			return 0
		}
		if op == "/" {
			return a / b
		}
		return a % b
	case "+":
		r := a + b
		if (r > a) != (b > 0) {
			e.arith(eval, at, "integer overflow")
			return 0
		}
		return r
	case "-":
		r := a - b
		if (r < a) != (b > 0) {
			e.arith(eval, at, "integer overflow")
			return 0
		}
		return r
	case "<<", ">>":
		if b < 0 || b > 63 {
			e.arith(eval, at, "shift count %d is outside 0..63", b)
			return 0
		}
		if op == ">>" {
			return a >> uint(b)
		}
		r := a << uint(b)
		if r>>uint(b) != a {
			e.arith(eval, at, "integer overflow")
			return 0
		}
		return r
	case "<":
		return ppBool(a < b)
	case ">":
		return ppBool(a > b)
	case "<=":
		return ppBool(a <= b)
	case ">=":
		return ppBool(a >= b)
	case "==":
		return ppBool(a == b)
	case "!=":
		return ppBool(a != b)
	case "&":
		return a & b
	case "^":
		return a ^ b
	case "|":
		return a | b
	}
	return 0
}

func (e *cexpr) unary(eval bool) int64 {
	defer func() { e.depth-- }()
	if !e.enter() || e.err != nil {
		return 0
	}
	if e.i >= len(e.toks) {
		e.fail(e.i, "unexpected end of expression")
		return 0
	}
	at := e.i
	t := e.toks[e.i]
	e.i++
	switch t.kind {
	case TokPunct:
		switch t.text {
		case "!":
			return ppBool(e.unary(eval) == 0)
		case "~":
			return ^e.unary(eval)
		case "-":
			v := e.unary(eval)
			if v == math.MinInt64 {
				e.arith(eval, at, "integer overflow")
				return 0
			}
			return -v
		case "+":
			return e.unary(eval)
		case "(":
			v := e.cond(eval)
			if e.err != nil {
				return 0
			}
			if op, _ := e.punct(); op != ")" {
				e.fail(e.i, "missing %q", ")")
				return 0
			}
			e.i++
			return v
		}
	case TokIdent:
		if e.ident != nil {
			v, err := e.ident(at)
			if err != nil && e.err == nil {
				err.kind = cexprIdent
				e.err = err
			}
			return v
		}
		// #if: an identifier left after expansion is 0. Followed by a
		// parenthesized list it is a call of an undefined function-like
		// macro, which is 0 as a whole (fxc-era preprocessors warn).
		if op, _ := e.punct(); op == "(" {
			depth := 0
			for ; e.i < len(e.toks); e.i++ {
				if u := e.toks[e.i]; u.kind == TokPunct && u.text == "(" {
					depth++
				} else if u.kind == TokPunct && u.text == ")" {
					if depth--; depth == 0 {
						e.i++
						return 0
					}
				}
			}
			e.fail(e.i, "missing %q", ")")
			return 0
		}
		if t.text == "true" {
			return 1
		}
		return 0
	case TokInt:
		v, ok := ppParseInt(t.text)
		if !ok {
			e.fail(at, "invalid integer literal %s", ppQ(t.text))
		}
		return v
	case TokFloat:
		if e.err == nil {
			e.err = &cexprErr{at: at, msg: fmt.Sprintf("floating-point literal %s", ppQ(t.text)), kind: cexprFloat, float: t.text}
		}
		return 0
	case TokChar:
		v, ok := ppParseChar(t.text)
		if !ok {
			e.fail(at, "invalid character constant %s", ppQ(t.text))
		}
		return v
	}
	e.fail(at, "unexpected %s", e.describe(at))
	return 0
}

// ExprToken is one token of a constant expression for EvalExpr.
type ExprToken struct {
	Kind TokKind
	Text string
}

// ExprErrorKind says what went wrong in a constant expression.
type ExprErrorKind uint8

// The kinds of ExprError.
const (
	ExprSyntax ExprErrorKind = ExprErrorKind(cexprSyntax) // malformed expression
	ExprArith  ExprErrorKind = ExprErrorKind(cexprArith)  // division by zero, overflow, shift count
	ExprFloat  ExprErrorKind = ExprErrorKind(cexprFloat)  // a floating-point literal (Float)
	ExprIdent  ExprErrorKind = ExprErrorKind(cexprIdent)  // the identifier callback's error
)

// ExprError is an evaluation error at token index At (len(toks): the end).
type ExprError struct {
	At    int
	Kind  ExprErrorKind
	Msg   string
	Float string // ExprFloat: the literal
}

// EvalExpr evaluates toks, one whole integer constant expression, by the
// rules of #if (see the top of this file); ident gives the value of the
// identifier at token i, or an error message (reported as ExprIdent). It is
// the evaluator of array sizes too, so both follow C in the same way.
func EvalExpr(toks []ExprToken, ident func(i int) (int64, string, bool)) (int64, *ExprError) {
	ct := make([]cexprTok, len(toks))
	for i, t := range toks {
		ct[i] = cexprTok{kind: t.Kind, text: t.Text}
	}
	v, err := evalCexpr(ct, func(i int) (int64, *cexprErr) {
		n, msg, ok := ident(i)
		if !ok {
			return 0, &cexprErr{at: i, msg: msg}
		}
		return n, nil
	})
	if err != nil {
		return 0, &ExprError{At: err.at, Kind: ExprErrorKind(err.kind), Msg: err.msg, Float: err.float}
	}
	return v, nil
}
