package pp

import "github.com/shpack/shpack/ir"

// refScan is the scanner as it was before Scan cut its tokens from one
// string: a byte at a time, splicing lines as it reads them, building each
// token's text. It is the reference the differential tests hold Scan to
// (TestScanMatchesReference, FuzzScanMatchesReference): same tokens, same
// positions, offsets and flags, same errors.
func refScan(file string, src []byte) ([]RawToken, ir.ErrorList) {
	s := refScanner{file: file, src: src, line: 1, col: 1, bol: true}
	if len(src) >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF {
		s.off = 3
	}
	// corpus-real averages a token per 7.3 bytes (comments make it
	// sparse): a token per 6 bytes grows few slices, and a growing slice
	// costs twice its size again.
	toks := make([]RawToken, 0, len(src)/6+16)
	for {
		t := s.next()
		toks = append(toks, t)
		if t.Kind == TokEOF {
			return toks, s.errs
		}
	}
}

type refScanner struct {
	file  string
	src   []byte
	off   int
	line  int
	col   int
	bol   bool // no token yet on the current line
	space bool // whitespace seen since the last token
	errs  ir.ErrorList
}

// splice skips backslash-newline pairs at the current offset.
func (s *refScanner) splice() {
	for s.off < len(s.src) && s.src[s.off] == '\\' {
		n := 0
		if s.off+2 < len(s.src) && s.src[s.off+1] == '\r' && s.src[s.off+2] == '\n' {
			n = 3
		} else if s.off+1 < len(s.src) && (s.src[s.off+1] == '\n' || s.src[s.off+1] == '\r') {
			n = 2
		}
		if n == 0 {
			return
		}
		s.off += n
		s.line++
		s.col = 1
	}
}

// peek returns the byte at the current offset after splicing, or 0 at the end.
func (s *refScanner) peek() byte {
	s.splice()
	if s.off < len(s.src) {
		return s.src[s.off]
	}
	return 0
}

// peek2 returns the byte after the current one (after splicing both), or 0.
func (s *refScanner) peek2() byte {
	s.splice()
	save := *s
	if s.off >= len(s.src) {
		return 0
	}
	s.advance()
	c := s.peek()
	s.off, s.line, s.col = save.off, save.line, save.col
	return c
}

// refEolAt reports whether a line ends at offset off: LF, or a CR not
// followed by LF (classic Mac OS line ends; the CR of CRLF is whitespace
// before the LF).
func refEolAt(src []byte, off int) bool {
	return src[off] == '\n' || src[off] == '\r' && (off+1 >= len(src) || src[off+1] != '\n')
}

// eol reports whether a line ends at the current offset (after splicing).
func (s *refScanner) eol() bool {
	s.splice()
	return s.off < len(s.src) && refEolAt(s.src, s.off)
}

// advance moves past the current byte.
func (s *refScanner) advance() {
	if refEolAt(s.src, s.off) {
		s.line++
		s.col = 1
	} else {
		s.col++
	}
	s.off++
}

func (s *refScanner) errorf(pos ir.Pos, format string, args ...any) {
	if len(s.errs) < 100 {
		s.errs.Add(pos, nil, format, args...)
	}
}

func (s *refScanner) pos() ir.Pos { return ir.Pos{File: s.file, Line: s.line, Col: s.col} }

func (s *refScanner) next() RawToken {
	for {
		c := s.peek()
		switch {
		case s.off >= len(s.src):
			return RawToken{Kind: TokEOF, Pos: s.pos(), BOL: s.bol, Space: s.space, Off: int32(s.off)}
		case s.eol():
			s.advance()
			s.bol = true
			s.space = false
			continue
		case c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v':
			s.advance()
			s.space = true
			continue
		case c == '/' && s.peek2() == '/':
			// (The scanner this was had s.off < len(s.src) first, and
			// ran past the end when a splice ended the file.)
			for !s.eol() && s.off < len(s.src) {
				s.advance()
			}
			s.space = true
			continue
		case c == '/' && s.peek2() == '*':
			start := s.pos()
			s.advance()
			s.peek() // (the scanner this was did not splice here: "/\\\n*" began no comment)
			s.advance()
			closed := false
			for s.off < len(s.src) {
				if s.peek() == '*' && s.peek2() == '/' {
					s.advance()
					s.peek() // (nor here: "*\\\n/" ended none)
					s.advance()
					closed = true
					break
				}
				if s.off < len(s.src) {
					s.advance()
				}
			}
			if !closed {
				s.errorf(start, "unterminated comment")
			}
			s.space = true
			continue
		}
		break
	}
	t := RawToken{Pos: s.pos(), BOL: s.bol, Space: s.space, Off: int32(s.off)}
	s.bol, s.space = false, false
	c := s.peek()
	var text []byte
	// take appends the current byte (after splicing) and moves past it; at
	// the end of the input it does nothing.
	take := func() {
		s.peek()
		if s.off < len(s.src) {
			text = append(text, s.src[s.off])
			s.advance()
		}
	}
	switch {
	case isIdentStart(c):
		t.Kind = TokIdent
		for s.off < len(s.src) && isIdentChar(s.peek()) {
			take()
		}
	case isDigit(c) || (c == '.' && isDigit(s.peek2())):
		// pp-number: digits, letters, underscores, dots, and e+ e- p+ p-.
		for s.off < len(s.src) {
			c := s.peek()
			if (c == '+' || c == '-') && len(text) > 0 {
				last := text[len(text)-1] | 0x20
				isHex := len(text) > 1 && text[0] == '0' && text[1]|0x20 == 'x'
				if last == 'e' && !isHex || last == 'p' {
					take()
					continue
				}
			}
			if !isIdentChar(c) && c != '.' {
				break
			}
			take()
		}
		t.Kind = classifyNumber(string(text))
	case c == '"' || c == '\'':
		quote := c
		t.Kind = TokString
		if quote == '\'' {
			t.Kind = TokChar
		}
		take()
		closed := false
		for s.off < len(s.src) {
			c := s.peek()
			if s.off >= len(s.src) || s.eol() {
				break
			}
			if c == '\\' {
				take()
				if s.off < len(s.src) && !s.eol() {
					take()
				}
				continue
			}
			take()
			if c == quote {
				closed = true
				break
			}
		}
		if !closed {
			what := "string"
			if quote == '\'' {
				what = "character constant"
			}
			s.errorf(t.Pos, "unterminated %s", what)
		}
	default:
		t.Kind = TokPunct
		take()
		// Longest match among C's multi-byte punctuators.
		switch c {
		case '#':
			if s.off < len(s.src) && s.peek() == '#' {
				take()
			}
		case '<', '>':
			if s.off < len(s.src) && s.peek() == c {
				take()
			}
			if s.off < len(s.src) && s.peek() == '=' {
				take()
			}
		case '+', '-', '&', '|':
			if s.off < len(s.src) {
				if n := s.peek(); n == c || n == '=' || (c == '-' && n == '>') {
					take()
				}
			}
		case '*', '/', '%', '^', '!', '=':
			if s.off < len(s.src) && s.peek() == '=' {
				take()
			}
		case ':':
			if s.off < len(s.src) && s.peek() == ':' {
				take()
			}
		case '.':
			if s.peek() == '.' && s.peek2() == '.' {
				take()
				take()
			}
		case '(', ')', '[', ']', '{', '}', ';', ',', '?', '~':
		default:
			t.Kind = TokOther
		}
	}
	t.Text = string(text)
	return t
}
