package pp

import (
	"github.com/shpack/shpack/ir"
)

// TokKind classifies a token.
type TokKind uint8

// Token kinds. The scanner produces preprocessing tokens in the sense of C:
// numbers are scanned loosely (pp-numbers) and classified as TokInt or
// TokFloat; punctuators are the longest match of C's operator set; a byte
// that starts no token becomes a one-byte TokOther, which the parser reports
// if it ever reaches it (inactive #if groups may hold anything).
const (
	TokEOF TokKind = iota
	TokIdent
	TokInt
	TokFloat
	TokString
	TokChar
	TokPunct
	TokOther
	// TokPragma carries a #pragma the parser must see, with the text after
	// "#pragma" normalized to "pack_matrix(row_major)" or
	// "pack_matrix(column_major)". The preprocessor emits it in place.
	TokPragma
)

var tokKindNames = [...]string{"end of file", "identifier", "integer", "float", "string", "character", "punctuation", "character", "pragma"}

// String names the kind for diagnostics ("identifier", "end of file").
func (k TokKind) String() string {
	if int(k) < len(tokKindNames) {
		return tokKindNames[k]
	}
	return "token"
}

// A Token is one preprocessing token with the position where it is spelled.
// (Fields are ordered so that a token takes 64 bytes: a large file holds a
// million of them.)
type Token struct {
	Text string
	Pos  ir.Pos
	// Ctx indexes the include context the token comes from (see
	// Result.Contexts); 0 is the main file. Set by the preprocessor.
	Ctx int32
	// Off is the byte offset where the token starts in the file of its
	// include context, as read (not moved by #line): a source rewrite
	// edits the file there. For a token a macro expansion made, it is the
	// offset of the macro invocation.
	Off   int32
	Kind  TokKind
	Space bool // whitespace or a comment precedes the token on its line
	BOL   bool // the token is the first on its (logical) line
	// Expanded marks a token made by the preprocessor rather than spelled
	// at Off: a macro body's token, a # or ## result, defined, __LINE__.
	// An argument substituted into a macro stays as spelled.
	Expanded bool
}

// Spelled reports whether the token's text stands at its offset in src,
// the contents of its file: a rewrite may edit it there.
func (t *Token) Spelled(src []byte) bool {
	end := int(t.Off) + len(t.Text)
	return !t.Expanded && t.Off >= 0 && end <= len(src) && string(src[t.Off:end]) == t.Text
}

// Scan splits src, the contents of file, into tokens. It removes a leading
// UTF-8 byte-order mark, joins backslash-continued lines, treats comments as
// whitespace and accepts LF, CRLF and CR-only line ends. Positions are 1-based lines and byte
// columns of the original text. Unterminated comments, strings and character
// constants are reported; the scan still returns every token it could make.
// The result always ends with a TokEOF token.
func Scan(file string, src []byte) ([]Token, ir.ErrorList) {
	s := scanner{file: file, src: src, line: 1, col: 1, bol: true}
	if len(src) >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF {
		s.off = 3
	}
	// corpus-real averages a token per 7.3 bytes (comments make it
	// sparse): a token per 6 bytes grows few slices, and a growing slice
	// costs twice its size again.
	toks := make([]Token, 0, len(src)/6+16)
	for {
		t := s.next()
		toks = append(toks, t)
		if t.Kind == TokEOF {
			return toks, s.errs
		}
	}
}

type scanner struct {
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
func (s *scanner) splice() {
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
func (s *scanner) peek() byte {
	s.splice()
	if s.off < len(s.src) {
		return s.src[s.off]
	}
	return 0
}

// peek2 returns the byte after the current one (after splicing both), or 0.
func (s *scanner) peek2() byte {
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

// eolAt reports whether a line ends at offset off: LF, or a CR not
// followed by LF (classic Mac OS line ends; the CR of CRLF is whitespace
// before the LF).
func eolAt(src []byte, off int) bool {
	return src[off] == '\n' || src[off] == '\r' && (off+1 >= len(src) || src[off+1] != '\n')
}

// eol reports whether a line ends at the current offset (after splicing).
func (s *scanner) eol() bool {
	s.splice()
	return s.off < len(s.src) && eolAt(s.src, s.off)
}

// advance moves past the current byte.
func (s *scanner) advance() {
	if eolAt(s.src, s.off) {
		s.line++
		s.col = 1
	} else {
		s.col++
	}
	s.off++
}

func (s *scanner) errorf(pos ir.Pos, format string, args ...any) {
	if len(s.errs) < 100 {
		s.errs.Add(pos, nil, format, args...)
	}
}

func (s *scanner) pos() ir.Pos { return ir.Pos{File: s.file, Line: s.line, Col: s.col} }

func (s *scanner) next() Token {
	for {
		c := s.peek()
		switch {
		case s.off >= len(s.src):
			return Token{Kind: TokEOF, Pos: s.pos(), BOL: s.bol, Space: s.space, Off: int32(s.off)}
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
			for s.off < len(s.src) && !s.eol() {
				s.advance()
			}
			s.space = true
			continue
		case c == '/' && s.peek2() == '*':
			start := s.pos()
			s.advance()
			s.advance()
			closed := false
			for s.off < len(s.src) {
				if s.peek() == '*' && s.peek2() == '/' {
					s.advance()
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
	t := Token{Pos: s.pos(), BOL: s.bol, Space: s.space, Off: int32(s.off)}
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
		t.Kind = classifyNumber(text)
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

func isIdentStart(c byte) bool {
	return c == '_' || (c|0x20 >= 'a' && c|0x20 <= 'z')
}

func isIdentChar(c byte) bool { return isIdentStart(c) || isDigit(c) }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// classifyNumber tells integers from floating-point literals in a pp-number.
func classifyNumber(text []byte) TokKind {
	if len(text) > 1 && text[0] == '0' && text[1]|0x20 == 'x' {
		return TokInt
	}
	for _, c := range text {
		if c == '.' || c|0x20 == 'e' || c|0x20 == 'f' || c|0x20 == 'h' {
			return TokFloat
		}
	}
	return TokInt
}
