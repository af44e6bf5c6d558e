package pp

import (
	"fmt"
	"strconv"
	"strings"
)

// ppEvalIf evaluates a macro-expanded #if expression (see cexpr.go for the
// rules); msg is a complete error message or "".
func ppEvalIf(toks []ppTok, dir string) (v int64, msg string) {
	ct := make([]cexprTok, len(toks))
	for i, t := range toks {
		ct[i] = cexprTok{kind: t.Kind, text: t.Text}
	}
	v, err := evalCexpr(ct, nil)
	switch {
	case err == nil:
		return v, ""
	case err.kind == cexprArith:
		return 0, fmt.Sprintf("%s in %s", err.msg, dir)
	}
	return 0, fmt.Sprintf("invalid %s expression: %s", dir, err.msg)
}

func ppBool(b bool) int64 {
	if b {
		return 1
	}
	return 0
}

// ppParseInt parses a decimal, hex or octal integer with u/l suffixes (C's
// forms only: no 1_000, 0b11 or 0o7). A value beyond int64 is refused.
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
	v, err := strconv.ParseInt(digits, base, 64)
	if err != nil {
		return 0, false
	}
	return v, true
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
