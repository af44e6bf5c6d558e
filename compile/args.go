package compile

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"strings"
	"unicode/utf16"
	"unicode/utf8"

	"github.com/shpack/shpack/internal/outfile"
)

// Args is an fxc command line, as fxc reads it.
type Args struct {
	Profile  string   // /T: vs_3_0, ps_3_0, fx_2_0, ...
	Entry    string   // /E (fxc's default: main)
	Defines  []string // /D NAME or NAME=VALUE, in order
	Includes []string // /I DIR, in order
	// Outputs: /Fo the object (bytecode), /Fc the assembly listing, /Fh a
	// C header holding the object, /Fe the errors and warnings; Vn the
	// header's variable name (/Vn).
	Fo, Fc, Fh, Fe, Vn string
	// Source is the file to compile.
	Source string
	// Flags are the other options, each as given (with its value when
	// fxc's form attaches it): passed to fxc as they are. Known ones
	// (/nologo, /O0../O3, /Od, /Zi, /Zpr, /Zpc, /Gec, /WX, /Ni, /Cc, ...)
	// and unknown ones alike.
	Flags []string
}

// valued are fxc's options that take a value, attached (/Tvs_3_0) or as
// the next argument (/T vs_3_0); longer names first, so that /Fo is not
// read as /F with "o".
var valued = []string{"Fo", "Fc", "Fh", "Fe", "Fd", "Fx", "Vn", "T", "E", "D", "I"}

// flagsOnly are fxc's options without a value that start like a valued
// one (/Od is not /O with "d" only because O is not valued, but /Ni and
// /I must not be confused: I is valued, Ni is not).
var flagsOnly = map[string]bool{
	"nologo": true, "O0": true, "O1": true, "O2": true, "O3": true, "Od": true, "Op": true,
	"Zi": true, "Zpr": true, "Zpc": true, "Zss": true, "Zsb": true, "Gec": true, "Ges": true, "Gfa": true, "Gfp": true,
	"Gis": true, "Gpp": true, "WX": true, "Ni": true, "No": true, "Cc": true, "Lx": true, "Vd": true, "Vi": true, "Qstrip_reflect": true,
	"Qstrip_debug": true, "Qstrip_priv": true, "Qstrip_rootsignature": true, "all_resources_bound": true, "enable_unbounded_descriptor_tables": true,
	"res_may_alias": true, "?": true, "help": true,
}

// ParseArgs reads an fxc command line: options in '/' or '-' form, values
// attached or separate, @FILE response files (their words, ResponseWords,
// read as if they stood there; at most MaxResponseBytes of them), one
// source file. readFile reads a response file (ReadResponse: a bounded
// read); isFile tells an absolute Unix path (/home/me/a.hlsl: a file that
// exists) from an option in '/' form.
func ParseArgs(args []string, readFile func(string) ([]byte, error), isFile func(string) bool) (*Args, error) {
	a := &Args{}
	budget := MaxResponseBytes
	words, err := expandResponse(args, readFile, 0, &budget)
	if err != nil {
		return nil, err
	}
	for i := 0; i < len(words); i++ {
		w := words[i]
		if len(w) < 2 || (w[0] != '/' && w[0] != '-') || (w[0] == '/' && isFile != nil && isFile(w)) {
			if a.Source != "" {
				return nil, fmt.Errorf("fxc takes one source file: %s and %s", a.Source, w)
			}
			a.Source = w
			continue
		}
		opt := w[1:]
		if flagsOnly[opt] {
			a.Flags = append(a.Flags, w)
			continue
		}
		name := ""
		for _, v := range valued {
			if strings.HasPrefix(opt, v) {
				name = v
				break
			}
		}
		if name == "" {
			a.Flags = append(a.Flags, w) // unknown: passed on as it is
			continue
		}
		value := strings.TrimLeft(opt[len(name):], " \t") // "/D NAME" quoted as one word
		if value == "" {
			if i+1 >= len(words) {
				return nil, fmt.Errorf("%s needs a value", w)
			}
			i++
			value = words[i]
		}
		switch name {
		case "T":
			a.Profile = value
		case "E":
			a.Entry = value
		case "D":
			a.Defines = append(a.Defines, value)
		case "I":
			a.Includes = append(a.Includes, value)
		case "Fo":
			a.Fo = value
		case "Fc":
			a.Fc = value
		case "Fh":
			a.Fh = value
		case "Fe":
			a.Fe = value
		case "Vn":
			a.Vn = value
		default: // Fd, Fx: written by fxc itself, passed on
			a.Flags = append(a.Flags, w[:1]+name, value)
		}
	}
	switch {
	case a.Source == "":
		return nil, fmt.Errorf("no source file")
	case a.Profile == "":
		return nil, fmt.Errorf("no target profile (/T vs_3_0, ps_3_0, fx_2_0, ...)")
	}
	if a.Entry == "" {
		a.Entry = "main" // fxc's default
	}
	return a, nil
}

// MaxResponseBytes bounds a response file, and the response files of one
// command line together, as shpack bounds its sources (16 MiB): a file
// without end (@/dev/zero) is refused, not read until memory runs out.
const MaxResponseBytes = 16 << 20

// ReadResponse reads a response file for ParseArgs: at most
// MaxResponseBytes+1 bytes, which ParseArgs refuses.
func ReadResponse(path string) ([]byte, error) {
	return outfile.ReadInput(path, MaxResponseBytes)
}

// expandResponse replaces every @FILE by the words of FILE; budget is
// what the response files may still hold together.
func expandResponse(args []string, readFile func(string) ([]byte, error), depth int, budget *int) ([]string, error) {
	var out []string
	for _, w := range args {
		if !strings.HasPrefix(w, "@") || len(w) == 1 {
			out = append(out, w)
			continue
		}
		if depth > 8 {
			return nil, fmt.Errorf("%s: response files nested more than 8 deep", w)
		}
		data, err := readFile(w[1:])
		if err != nil {
			return nil, fmt.Errorf("response file %s: %v", w[1:], outfile.Unwrap(err))
		}
		if *budget -= len(data); *budget < 0 {
			return nil, fmt.Errorf("response file %s: too large: response files hold at most %d bytes (16 MiB) together, as sources do", w[1:], MaxResponseBytes)
		}
		words, err := ResponseWords(data)
		if err != nil {
			return nil, fmt.Errorf("response file %s: %v", w[1:], err)
		}
		more, err := expandResponse(words, readFile, depth+1, budget)
		if err != nil {
			return nil, err
		}
		out = append(out, more...)
	}
	return out, nil
}

// ResponseWords reads a response file's words as fxc reads them: its text
// in UTF-8, or in UTF-16 (little or big endian) after its byte order mark,
// which Windows editors write; a UTF-8 byte order mark is no part of the
// first word. Blanks (CR and LF too) separate words, double quotes group
// them (and are removed), as MSBuild writes them; a backslash is a
// character like any other (C:\dir\ is a folder), and so is any other
// byte.
func ResponseWords(data []byte) ([]string, error) {
	text, err := decodeText(data)
	if err != nil {
		return nil, err
	}
	return splitWords(text)
}

// decodeText reads a text file's bytes as UTF-8, or as UTF-16 after its
// byte order mark.
func decodeText(data []byte) (string, error) {
	var order binary.ByteOrder
	switch {
	case bytes.HasPrefix(data, []byte{0xEF, 0xBB, 0xBF}):
		return string(data[3:]), nil
	case bytes.HasPrefix(data, []byte{0xFF, 0xFE}):
		order = binary.LittleEndian
	case bytes.HasPrefix(data, []byte{0xFE, 0xFF}):
		order = binary.BigEndian
	default:
		return string(data), nil
	}
	data = data[2:]
	if len(data)%2 != 0 {
		return "", fmt.Errorf("UTF-16 text (it starts with a byte order mark) of an odd number of bytes")
	}
	units := make([]uint16, len(data)/2)
	for i := range units {
		units[i] = order.Uint16(data[2*i:])
	}
	return string(utf16.Decode(units)), nil
}

// splitWords splits a response file's text into words (ResponseWords),
// byte by byte: its bytes are kept as they are, UTF-8 or not.
func splitWords(s string) ([]string, error) {
	var out []string
	var b strings.Builder
	in, quoted := false, false
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == 0:
			// No program takes a NUL in an argument (exec refuses it),
			// and a text file holds none: UTF-16 without its byte order
			// mark, or not text.
			return nil, fmt.Errorf("a NUL byte at byte %d of its text: a response file is text (UTF-16 needs its byte order mark)", i)
		case c == '"':
			quoted, in = !quoted, true
		case blank(c) && !quoted:
			if in {
				out = append(out, b.String())
				b.Reset()
				in = false
			}
		default:
			b.WriteByte(c)
			in = true
		}
	}
	if quoted {
		return nil, fmt.Errorf("a quote is not closed")
	}
	if in {
		out = append(out, b.String())
	}
	return out, nil
}

// blank reports whether c separates the words of a response file: ASCII
// white space, CR and LF included.
func blank(c byte) bool {
	return c == ' ' || c == '\t' || c == '\r' || c == '\n' || c == '\v' || c == '\f'
}

// WriteResponse writes words as a response file that ResponseWords (and
// fxc) reads back as the same words: one a line, in double quotes when it
// is empty, holds a blank or starts with a byte that is not ASCII (which
// could read as a byte order mark). A word with a double quote in it
// cannot be written (a quote only groups): that is an error.
func WriteResponse(words []string) ([]byte, error) {
	var b bytes.Buffer
	for _, w := range words {
		switch {
		case strings.ContainsRune(w, '"'):
			return nil, fmt.Errorf("%.40q: a response file cannot hold a word with a double quote", w)
		case strings.ContainsRune(w, 0):
			return nil, fmt.Errorf("%.40q: a response file cannot hold a NUL byte", w)
		case w == "" || w[0] >= utf8.RuneSelf || strings.ContainsAny(w, " \t\r\n\v\f"):
			b.WriteString(`"` + w + `"`)
		default:
			b.WriteString(w)
		}
		b.WriteString("\r\n")
	}
	return b.Bytes(), nil
}
