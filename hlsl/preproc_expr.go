package hlsl

import (
	"fmt"
	"strconv"
	"strings"
)

// ppMaxIfNesting bounds the recursion of the #if expression parser.
const ppMaxIfNesting = 1000

// ppIfExpr evaluates a macro-expanded #if expression: C integer arithmetic in
// int64 with C precedence, short-circuit && || ?: (the operand that is not
// evaluated is still parsed but raises no division error), identifiers left
// after expansion are 0 except true (1) and false (0).
type ppIfExpr struct {
	toks  []ppTok
	i     int
	dir   string // "#if" or "#elif", for messages
	err   string
	depth int
}

// ppEvalIf evaluates toks; msg is a complete error message or "".
func ppEvalIf(toks []ppTok, dir string) (v int64, msg string) {
	e := &ppIfExpr{toks: toks, dir: dir}
	if len(toks) == 0 {
		return 0, fmt.Sprintf("invalid %s expression: missing expression", dir)
	}
	v = e.cond(true)
	if e.err == "" && e.i < len(e.toks) {
		e.fail("unexpected %s after expression", ppDescribe(e.toks[e.i]))
	}
	return v, e.err
}

func ppDescribe(t ppTok) string {
	switch t.Kind {
	case TokString:
		return "string literal"
	case TokEOF:
		return "end of expression"
	}
	return strconv.Quote(ppShort(t.Text))
}

// fail records the first malformed-expression error.
func (e *ppIfExpr) fail(format string, args ...any) {
	if e.err == "" {
		e.err = fmt.Sprintf("invalid %s expression: ", e.dir) + fmt.Sprintf(format, args...)
	}
}

func (e *ppIfExpr) peek() (string, bool) {
	if e.i < len(e.toks) && e.toks[e.i].Kind == TokPunct {
		return e.toks[e.i].Text, true
	}
	return "", false
}

// cond parses a conditional expression (the lowest level used here).
func (e *ppIfExpr) cond(eval bool) int64 {
	e.depth++
	defer func() { e.depth-- }()
	if e.depth > ppMaxIfNesting {
		e.fail("nested too deeply")
		return 0
	}
	c := e.binary(1, eval)
	if op, _ := e.peek(); op != "?" || e.err != "" {
		return c
	}
	e.i++
	a := e.cond(eval && c != 0)
	if op, _ := e.peek(); op != ":" {
		if e.err == "" {
			e.fail("missing %q in conditional expression", ":")
		}
		return 0
	}
	e.i++
	b := e.cond(eval && c == 0)
	if c != 0 {
		return a
	}
	return b
}

func ppBinaryPrec(op string) int {
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
func (e *ppIfExpr) binary(minPrec int, eval bool) int64 {
	lhs := e.unary(eval)
	for e.err == "" {
		op, ok := e.peek()
		prec := ppBinaryPrec(op)
		if !ok || prec == 0 || prec < minPrec {
			break
		}
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
			lhs = e.apply(op, lhs, rhs, eval)
		}
	}
	return lhs
}

func ppBool(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

func (e *ppIfExpr) apply(op string, a, b int64, eval bool) int64 {
	switch op {
	case "*":
		return a * b
	case "/", "%":
		if b == 0 {
			if eval && e.err == "" {
				e.err = fmt.Sprintf("division by zero in %s", e.dir)
			}
			return 0
		}
		if op == "/" {
			return a / b
		}
		return a % b
	case "+":
		return a + b
	case "-":
		return a - b
	case "<<":
		return ppShift(a, b)
	case ">>":
		if b == -b { // 0 or MinInt64
			return ppShift(a, b)
		}
		return ppShift(a, -b)
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

// ppShift shifts a left by n (right for negative n), saturating like an
// arithmetic shift for counts of 64 and more.
func ppShift(a, n int64) int64 {
	switch {
	case n >= 64:
		return 0
	case n >= 0:
		return a << uint(n)
	case n <= -64:
		if a < 0 {
			return -1
		}
		return 0
	default:
		return a >> uint(-n)
	}
}

func (e *ppIfExpr) unary(eval bool) int64 {
	if e.err != "" {
		return 0
	}
	e.depth++
	defer func() { e.depth-- }()
	if e.depth > ppMaxIfNesting {
		e.fail("nested too deeply")
		return 0
	}
	if e.i >= len(e.toks) {
		e.fail("unexpected end of expression")
		return 0
	}
	t := e.toks[e.i]
	e.i++
	switch t.Kind {
	case TokPunct:
		switch t.Text {
		case "!":
			return ppBool(e.unary(eval) == 0)
		case "~":
			return ^e.unary(eval)
		case "-":
			return -e.unary(eval)
		case "+":
			return e.unary(eval)
		case "(":
			v := e.cond(eval)
			if e.err != "" {
				return 0
			}
			if op, _ := e.peek(); op != ")" {
				e.fail("missing %q", ")")
				return 0
			}
			e.i++
			return v
		}
	case TokIdent:
		// An identifier left after expansion is 0. Followed by a
		// parenthesized list it is a call of an undefined function-like
		// macro, which is 0 as a whole (fxc-era preprocessors warn).
		if op, _ := e.peek(); op == "(" {
			depth := 0
			for ; e.i < len(e.toks); e.i++ {
				if u := e.toks[e.i]; u.Kind == TokPunct && u.Text == "(" {
					depth++
				} else if u.Kind == TokPunct && u.Text == ")" {
					if depth--; depth == 0 {
						e.i++
						return 0
					}
				}
			}
			e.fail("missing %q", ")")
			return 0
		}
		if t.Text == "true" {
			return 1
		}
		return 0
	case TokInt:
		v, ok := ppParseInt(t.Text)
		if !ok {
			e.fail("invalid integer literal %s", ppQ(t.Text))
		}
		return v
	case TokFloat:
		e.fail("floating-point literal %s", ppQ(t.Text))
		return 0
	case TokChar:
		v, ok := ppParseChar(t.Text)
		if !ok {
			e.fail("invalid character constant %s", ppQ(t.Text))
		}
		return v
	}
	e.fail("unexpected %s", ppDescribe(t))
	return 0
}

// ppParseInt parses a decimal, hex or octal integer with u/l suffixes.
// Values beyond int64 wrap, as unsigned values would.
func ppParseInt(s string) (int64, bool) {
	end := len(s)
	for n := 0; end > 0 && n < 3 && strings.ContainsRune("uUlL", rune(s[end-1])); n++ {
		end--
	}
	digits := s[:end]
	base := 10
	switch {
	case len(digits) > 2 && digits[0] == '0' && digits[1]|0x20 == 'x':
		digits, base = digits[2:], 16
	case len(digits) > 1 && digits[0] == '0':
		digits, base = digits[1:], 8
	}
	if digits == "" || digits[0] == '+' || digits[0] == '-' {
		return 0, false
	}
	v, err := strconv.ParseUint(digits, base, 64)
	if err != nil {
		return 0, false
	}
	return int64(v), true
}

// ppParseChar evaluates a character constant such as 'a' or '\n'; several
// characters combine as in GCC (each shifts the value left by 8 bits).
func ppParseChar(s string) (int64, bool) {
	if len(s) < 3 || s[0] != '\'' || s[len(s)-1] != '\'' {
		return 0, false
	}
	body := s[1 : len(s)-1]
	var v int64
	for len(body) > 0 {
		c := int64(body[0])
		body = body[1:]
		if c == '\\' {
			if len(body) == 0 {
				return 0, false
			}
			e := body[0]
			body = body[1:]
			switch e {
			case 'n':
				c = '\n'
			case 't':
				c = '\t'
			case 'r':
				c = '\r'
			case 'a':
				c = 7
			case 'b':
				c = 8
			case 'f':
				c = 12
			case 'v':
				c = 11
			case '\\', '\'', '"', '?':
				c = int64(e)
			case 'x':
				c = 0
				n := 0
				for len(body) > 0 && ppIsHex(body[0]) && n < 2 {
					c = c<<4 | ppHexVal(body[0])
					body = body[1:]
					n++
				}
				if n == 0 {
					return 0, false
				}
			default:
				if e < '0' || e > '7' {
					return 0, false
				}
				c = int64(e - '0')
				for n := 1; len(body) > 0 && body[0] >= '0' && body[0] <= '7' && n < 3; n++ {
					c = c<<3 | int64(body[0]-'0')
					body = body[1:]
				}
				c &= 0xFF
			}
		}
		v = v<<8 | c
	}
	return v, true
}

func ppIsHex(c byte) bool {
	return isDigit(c) || (c|0x20 >= 'a' && c|0x20 <= 'f')
}

func ppHexVal(c byte) int64 {
	if isDigit(c) {
		return int64(c - '0')
	}
	return int64(c|0x20-'a') + 10
}
