package compile

import (
	"fmt"
	"strings"
	"unicode"
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
// attached or separate, @FILE response files (their words read as if they
// stood there), one source file. readFile reads a response file; isFile
// tells an absolute Unix path (/home/me/a.hlsl: a file that exists) from
// an option in '/' form.
func ParseArgs(args []string, readFile func(string) ([]byte, error), isFile func(string) bool) (*Args, error) {
	a := &Args{}
	words, err := expandResponse(args, readFile, 0)
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

// expandResponse replaces every @FILE by the words of FILE.
func expandResponse(args []string, readFile func(string) ([]byte, error), depth int) ([]string, error) {
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
			return nil, fmt.Errorf("response file %s: %v", w[1:], err)
		}
		words, err := splitWords(string(data))
		if err != nil {
			return nil, fmt.Errorf("response file %s: %v", w[1:], err)
		}
		more, err := expandResponse(words, readFile, depth+1)
		if err != nil {
			return nil, err
		}
		out = append(out, more...)
	}
	return out, nil
}

// splitWords splits a response file's text into words: blanks separate
// them, double quotes group (and are removed), as MSBuild writes them.
func splitWords(s string) ([]string, error) {
	var out []string
	var b strings.Builder
	in, quoted := false, false
	for _, r := range s {
		switch {
		case r == '"':
			quoted, in = !quoted, true
		case unicode.IsSpace(r) && !quoted:
			if in {
				out = append(out, b.String())
				b.Reset()
				in = false
			}
		default:
			b.WriteRune(r)
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
