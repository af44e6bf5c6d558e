package pp

import (
	"bytes"
	"strings"
	"unsafe"

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

// A Token is one token of the preprocessor's output (Result.Tokens) or of
// Scan. It takes 40 bytes, since a parsed unit keeps every one of them (a
// large file has a million): its position is a line and a column with the
// index of its file name in a table (Result.Pos gives it as an ir.Pos).
type Token struct {
	Text string
	// line and col are where the token stands in its file, from 1: the
	// line as #line sets it, and the column in bytes.
	line, col uint32
	// file indexes Result.Names, the names of the files tokens stand in
	// as #line gives them; Scan's tokens all have 0, the file scanned.
	file int32
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

// Line returns the token's line, from 1, as #line sets it.
func (t *Token) Line() int { return int(t.line) }

// Col returns the token's column in bytes, from 1.
func (t *Token) Col() int { return int(t.col) }

// File returns the index of the token's file name in Result.Names.
func (t *Token) File() int { return int(t.file) }

// Spelled reports whether the token's text stands at its offset in src,
// the contents of its file: a rewrite may edit it there.
func (t *Token) Spelled(src []byte) bool {
	end := int(t.Off) + len(t.Text)
	return !t.Expanded && t.Off >= 0 && end <= len(src) && string(src[t.Off:end]) == t.Text
}

// A RawToken is a preprocessing token as the scanner and the expander
// carry it: its position in full, and whether a string in it is
// unterminated. The output is made of Tokens, its compact form (compact);
// the fields both have mean what Token's say.
type RawToken struct {
	Text                 string
	Pos                  ir.Pos // file (as #line names it), line and column
	Ctx, Off             int32
	Kind                 TokKind
	Space, BOL, Expanded bool
	// unterminated marks a string or character constant with no closing
	// quote: the preprocessor reports it only where the token is used.
	unterminated bool
}

// Scan splits src, the contents of file, into tokens. It removes a leading
// UTF-8 byte-order mark, joins backslash-continued lines, treats comments as
// whitespace and accepts LF, CRLF and CR-only line ends. Positions are 1-based lines and byte
// columns of the original text. Unterminated comments, strings and character
// constants are reported; the scan still returns every token it could make.
// The result always ends with a TokEOF token.
func Scan(file string, src []byte) ([]Token, ir.ErrorList) {
	raw, errs := scanRaw(file, src)
	toks := make([]Token, len(raw))
	for i := range raw {
		toks[i] = raw[i].compact(0)
	}
	return toks, errs
}

// scanRaw is Scan with every token's position in full.
func scanRaw(file string, src []byte) ([]RawToken, ir.ErrorList) {
	s := newSource(file, src, false).scanner()
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

// compact returns the token in output form, its file name at index file.
func (t *RawToken) compact(file int32) Token {
	return Token{Text: t.Text, line: uint32(t.Pos.Line), col: uint32(t.Pos.Col), file: file, Ctx: t.Ctx, Off: t.Off,
		Kind: t.Kind, Space: t.Space, BOL: t.BOL, Expanded: t.Expanded}
}

// The scanner cuts every token's text out of one string, the file's text,
// so that a token costs no allocation of its own. Line splices
// (backslash-newline) are the one thing that makes a token's text differ
// from the bytes it is spelled in; they are rare, so a file that has any
// is copied once with its splices removed, and a spliceMap takes offsets
// in that copy back to the file's offsets, lines and columns. A file
// without splices is scanned as it is, counting lines as it goes.
// refScan (in the tests) is the byte-at-a-time scanner this replaced;
// TestScanMatchesReference and FuzzScanMatchesReference hold the two to
// the same tokens, positions and errors.
//
// The preprocessor reads each file as a stream of tokens (a scanner per
// inclusion), never as an array: an array of tokens is ten times the
// size of its text.

// A source is a file prepared for scanning. It is never changed, so the
// inclusions of a file, and runs that share a ScanCache, share it.
type source struct {
	file  string
	text  string     // the file's text, without splices
	start int        // the offset of the first byte after a byte-order mark
	sp    *spliceMap // nil when the file has no splices
}

// spliceMap takes an offset in a spliced text back to the file's.
type spliceMap struct {
	at      []int // offsets in the spliced text where a splice was removed, ascending
	removed []int // bytes removed by the splices up to and including at[k]
	lines   []int // the file's offsets where its physical lines start
}

// A scanner reads the tokens of a source, in order.
type scanner struct {
	*source
	// file names the positions: the source's file, or the name of the
	// inclusion the preprocessor reads (one source serves every
	// spelling of a file).
	file      string
	off       int  // the offset in text
	line      int  // the line at off (without splices)
	lineStart int  // the offset in text where that line starts
	bol       bool // no token yet on the current line
	space     bool // whitespace seen since the last token
	// quietStrings leaves unterminated strings out of errs: the
	// preprocessor reports them where they are used (Token.unterminated).
	quietStrings bool
	errs         ir.ErrorList
	// Cursors into sp: the splices before the last offset asked for,
	// and its line.
	spK, spLine int
}

// spliceLen returns the length of the splice at src[i] (a backslash and a
// line end: LF, CRLF or CR), or 0.
func spliceLen(src []byte, i int) int {
	if src[i] != '\\' || i+1 >= len(src) {
		return 0
	}
	switch {
	case src[i+1] == '\r' && i+2 < len(src) && src[i+2] == '\n':
		return 3
	case src[i+1] == '\n' || src[i+1] == '\r':
		return 2
	}
	return 0
}

// hasSplice reports whether src[from:] holds a line splice.
func hasSplice(src []byte, from int) bool {
	for i := from; i < len(src); {
		k := bytes.IndexByte(src[i:], '\\')
		if k < 0 {
			return false
		}
		if spliceLen(src, i+k) > 0 {
			return true
		}
		i += k + 1
	}
	return false
}

// newSource prepares src for scanning. If owned is set, src is never
// changed again, and the source shares its bytes when it needs no copy
// without splices; otherwise the text is copied.
func newSource(file string, src []byte, owned bool) *source {
	start := 0
	if len(src) >= 3 && src[0] == 0xEF && src[1] == 0xBB && src[2] == 0xBF {
		start = 3
	}
	if !hasSplice(src, start) {
		if owned && len(src) > 0 {
			return &source{file: file, text: unsafe.String(unsafe.SliceData(src), len(src)), start: start}
		}
		return &source{file: file, text: string(src), start: start}
	}
	sp := &spliceMap{lines: []int{start}}
	b := make([]byte, 0, len(src))
	b = append(b, src[:start]...)
	removed := 0
	for i := start; i < len(src); {
		if n := spliceLen(src, i); n > 0 {
			removed += n
			sp.at = append(sp.at, len(b))
			sp.removed = append(sp.removed, removed)
			i += n
			continue
		}
		b = append(b, src[i])
		i++
	}
	for i := start; i < len(src); i++ {
		if src[i] == '\n' || src[i] == '\r' && (i+1 >= len(src) || src[i+1] != '\n') {
			sp.lines = append(sp.lines, i+1)
		}
	}
	return &source{file: file, text: string(b), start: start, sp: sp}
}

// scanner returns a scanner at the start of the source.
func (src *source) scanner() scanner {
	return scanner{source: src, file: src.file, off: src.start, line: 1, lineStart: src.start, bol: true}
}

// eolAt reports whether a line ends at offset off: LF, or a CR not
// followed by LF (classic Mac OS line ends; the CR of CRLF is whitespace
// before the LF).
func eolAt(text string, off int) bool {
	return text[off] == '\n' || text[off] == '\r' && (off+1 >= len(text) || text[off+1] != '\n')
}

// skipTo moves to offset end, counting the line ends on the way.
func (s *scanner) skipTo(end int) {
	for i := s.off; i < end; i++ {
		if c := s.text[i]; (c == '\n' || c == '\r') && eolAt(s.text, i) {
			s.line++
			s.lineStart = i + 1
		}
	}
	s.off = end
}

// at returns the position and the file offset of the current offset.
func (s *scanner) at() (ir.Pos, int) {
	if s.sp == nil {
		return ir.Pos{File: s.file, Line: s.line, Col: s.off - s.lineStart + 1}, s.off
	}
	// Tokens and comments are asked for in ascending order: the cursors
	// into the map only move forward.
	sp := s.sp
	for s.spK < len(sp.at) && sp.at[s.spK] <= s.off {
		s.spK++
	}
	off := s.off
	if s.spK > 0 {
		off += sp.removed[s.spK-1]
	}
	for s.spLine < len(sp.lines) && sp.lines[s.spLine] <= off {
		s.spLine++
	}
	return ir.Pos{File: s.file, Line: s.spLine, Col: off - sp.lines[s.spLine-1] + 1}, off
}

func (s *scanner) errorf(pos ir.Pos, format string, args ...any) {
	if len(s.errs) < 100 {
		s.errs.Add(pos, nil, format, args...)
	}
}

// skipBlank steps over blanks, line ends and comments, keeping the line
// count and whether the next token begins its line (bol) or follows a
// blank (space); an unterminated comment is an error.
func (s *scanner) skipBlank() {
	text := s.text
	n := len(text)
	for s.off < n {
		c := text[s.off]
		if c == '\n' || c == '\r' && eolAt(text, s.off) {
			s.off++
			s.line++
			s.lineStart = s.off
			s.bol, s.space = true, false
			continue
		}
		if c == ' ' || c == '\t' || c == '\r' || c == '\f' || c == '\v' {
			s.off++
			s.space = true
			continue
		}
		if c != '/' || s.off+1 >= n {
			return
		}
		if text[s.off+1] == '/' {
			// A line comment runs to the line end (the CR of a CRLF is
			// whitespace either way).
			end := strings.IndexAny(text[s.off:], "\r\n")
			if end < 0 {
				end = n - s.off
			}
			s.off += end
			s.space = true
			continue
		}
		if text[s.off+1] != '*' {
			return
		}
		start, _ := s.at()
		end := strings.Index(text[s.off+2:], "*/")
		if end < 0 {
			s.errorf(start, "unterminated comment")
			s.skipTo(n)
		} else {
			s.skipTo(s.off + 2 + end + 2)
		}
		s.space = true
	}
}

// quotedEnd returns the end of the string or character constant whose
// opening quote is text[start]: past its closing quote, or its line's end
// (closed false), a backslash escaping the character after it.
func quotedEnd(text string, start int) (end int, closed bool) {
	q, n := text[start], len(text)
	i := start + 1
	for i < n && !eolAt(text, i) {
		d := text[i]
		i++
		if d == '\\' {
			if i < n && !eolAt(text, i) {
				i++
			}
			continue
		}
		if d == q {
			return i, true
		}
	}
	return i, false
}

func (s *scanner) next() RawToken {
	text := s.text
	n := len(text)
	s.skipBlank()
	pos, off := s.at()
	t := RawToken{Pos: pos, BOL: s.bol, Space: s.space, Off: int32(off)}
	if s.off >= n {
		t.Kind = TokEOF
		return t
	}
	s.bol, s.space = false, false
	start := s.off
	c := text[start]
	i := start + 1
	switch {
	case isIdentStart(c):
		t.Kind = TokIdent
		for i < n && isIdentChar(text[i]) {
			i++
		}
	case isDigit(c) || c == '.' && i < n && isDigit(text[i]):
		// pp-number: digits, letters, underscores, dots, and e+ e- p+ p-.
		isHex := c == '0' && i < n && text[i]|0x20 == 'x'
		for i < n {
			c := text[i]
			if c == '+' || c == '-' {
				last := text[i-1] | 0x20
				if last == 'e' && !isHex || last == 'p' {
					i++
					continue
				}
			}
			if !isIdentChar(c) && c != '.' {
				break
			}
			i++
		}
		t.Kind = classifyNumber(text[start:i])
	case c == '"' || c == '\'':
		t.Kind = TokString
		what := "string"
		if c == '\'' {
			t.Kind, what = TokChar, "character constant"
		}
		end, closed := quotedEnd(text, start)
		i, t.unterminated = end, !closed
		if t.unterminated && !s.quietStrings {
			s.errorf(t.Pos, "unterminated %s", what)
		}
	default:
		t.Kind = TokPunct
		// Longest match among C's multi-byte punctuators.
		next := byte(0)
		if i < n {
			next = text[i]
		}
		switch c {
		case '#':
			if next == '#' {
				i++
			}
		case '<', '>':
			if next == c {
				i++
			}
			if i < n && text[i] == '=' {
				i++
			}
		case '+', '-', '&', '|':
			if next == c || next == '=' || c == '-' && next == '>' {
				i++
			}
		case '*', '/', '%', '^', '!', '=':
			if next == '=' {
				i++
			}
		case ':':
			if next == ':' {
				i++
			}
		case '.':
			if next == '.' && i+1 < n && text[i+1] == '.' {
				i += 2
			}
		case '(', ')', '[', ']', '{', '}', ';', ',', '?', '~':
		default:
			t.Kind = TokOther
		}
	}
	s.off = i
	t.Text = text[start:i]
	return t
}

// skipToDirective steps over the text of a skipped #if group up to the
// next "#" that starts a line, or the end, and leaves it for next: what a
// run of next calls would step over, without making the tokens. Only
// three things about that text matter, and they are kept: where the
// lines end (the line count, and that a "#" after a line end and blanks
// starts a directive, while one after any token does not), comments (a
// "#" inside one is no directive; one that does not end is the error next
// reports), and strings and character constants (a "#", "//" or "/*"
// inside one is none of those; one ends at its quote or at its line's
// end, as next ends it, and an unterminated one is no error here, as
// quietStrings makes it none in next). Everything else is a token that
// only ends the line's beginning, stepped over a run at a time.
func (s *scanner) skipToDirective() {
	text, n := s.text, len(s.text)
	for {
		s.skipBlank()
		if s.off >= n || s.bol && text[s.off] == '#' {
			return
		}
		s.bol = false
		if c := text[s.off]; c == '"' || c == '\'' {
			s.off, _ = quotedEnd(text, s.off)
			s.space = false // the literal is the last token, blanks inside it
			continue
		}
		i := s.off + 1
		for i < n {
			if d := text[i]; d == '\n' || d == '\r' || d == '"' || d == '\'' || d == '/' {
				break
			}
			i++
		}
		// Blanks at the end of the run come after its last token.
		d := text[i-1]
		s.off = i
		s.space = d == ' ' || d == '\t' || d == '\f' || d == '\v'
	}
}

func isIdentStart(c byte) bool {
	return c == '_' || (c|0x20 >= 'a' && c|0x20 <= 'z')
}

func isIdentChar(c byte) bool { return isIdentStart(c) || isDigit(c) }

func isDigit(c byte) bool { return c >= '0' && c <= '9' }

// classifyNumber tells integers from floating-point literals in a pp-number.
func classifyNumber(text string) TokKind {
	if len(text) > 1 && text[0] == '0' && text[1]|0x20 == 'x' {
		return TokInt
	}
	for i := 0; i < len(text); i++ {
		if c := text[i] | 0x20; text[i] == '.' || c == 'e' || c == 'f' || c == 'h' {
			return TokFloat
		}
	}
	return TokInt
}
