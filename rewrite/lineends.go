package rewrite

import (
	"bytes"
	"strings"
)

// Line ends. Text the rewrite generates (blocks, macros, #line, guards)
// is built with "\n" and, like any text copied from another file (an
// included definition), given the line end of the line it goes into just
// before it is inserted: a file saved on Windows gets CRLF, a Unix file
// LF, and a file that mixes them gets, at each insertion, the line end of
// the line the text goes before. Converting is done once, on the whole
// inserted text, and recognises both "\r\n" and "\n", so that text which
// already has CRLF ends (copied from a CRLF header) is not given a second
// CR: "\r\r\n" would end a continued macro line with a CR the
// preprocessor reads as a character, and the macro would break. A lone
// CR (old Mac line ends) is left as it is.

// LineEnd returns the line end of the line of src that holds offset off:
// "\r\n" or "\n". The last line, which may have none, takes the one
// before it; a text without any line end gives "\n".
func LineEnd(src []byte, off int) string {
	off = min(max(off, 0), len(src))
	if i := bytes.IndexByte(src[off:], '\n'); i >= 0 {
		return endAt(src, off+i)
	}
	if i := bytes.LastIndexByte(src[:off], '\n'); i >= 0 {
		return endAt(src, i)
	}
	return "\n"
}

// endAt is the line end whose "\n" is src[i].
func endAt(src []byte, i int) string {
	if i > 0 && src[i-1] == '\r' {
		return "\r\n"
	}
	return "\n"
}

// WithLineEnds returns text with every line end ("\r\n" or "\n") made
// nl.
func WithLineEnds(text, nl string) string {
	if !strings.Contains(text, "\n") {
		return text
	}
	var b strings.Builder
	b.Grow(len(text) + strings.Count(text, "\n"))
	for {
		i := strings.IndexByte(text, '\n')
		if i < 0 {
			b.WriteString(text)
			return b.String()
		}
		line := strings.TrimSuffix(text[:i], "\r")
		b.WriteString(line)
		b.WriteString(nl)
		text = text[i+1:]
	}
}

// bomLen is the length of the UTF-8 byte-order mark src starts with (0
// or 3): a file's first line starts after it, and the mark stays first in
// the file, before anything the rewrite inserts there.
func bomLen(src []byte) int {
	if bytes.HasPrefix(src, []byte("\xEF\xBB\xBF")) {
		return 3
	}
	return 0
}
