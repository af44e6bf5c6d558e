package main

import (
	"errors"
	"fmt"
	"slices"
	"strconv"
	"strings"

	"github.com/shpack/shpack/ir"
)

// The request's options string: shpack rewrite's flags that mean something
// for a source held in memory, spelled as the command spells them. The
// command's flag table belongs to package main of cmd/shpack; this is the
// library's own small parser, and the list below is what docs/c-library.md
// documents.

// options is what the options string says.
type options struct {
	all, mixColor, layoutOut, allowMissingIncludes bool
	verbose, quiet                                 bool
	strategy                                       string // "" or a strategy's name
	semantics                                      string // "member" or "texcoord"
	layoutFile                                     string // --layout=FILE
	defines, includeDirs                           []string
}

// An optionDef is one option taken: its name, whether it takes a value,
// and what it sets.
type optionDef struct {
	name  string
	value bool
	set   func(o *options, v string) error
}

func boolOption(name string, field func(o *options) *bool) optionDef {
	return optionDef{name: name, set: func(o *options, v string) error {
		b := true
		if v != "" {
			var err error
			if b, err = strconv.ParseBool(v); err != nil {
				return fmt.Errorf("--%s=%s: not true or false", name, v)
			}
		}
		*field(o) = b
		return nil
	}}
}

// optionTable is every option shpack_rewrite takes.
var optionTable = []optionDef{
	boolOption("all", func(o *options) *bool { return &o.all }),
	boolOption("mix-color", func(o *options) *bool { return &o.mixColor }),
	boolOption("layout-out", func(o *options) *bool { return &o.layoutOut }),
	boolOption("allow-missing-includes", func(o *options) *bool { return &o.allowMissingIncludes }),
	boolOption("v", func(o *options) *bool { return &o.verbose }),
	boolOption("q", func(o *options) *bool { return &o.quiet }),
	{name: "strategy", value: true, set: func(o *options, v string) error {
		if err := knownStrategy(v); err != nil {
			return fmt.Errorf("--strategy=%s: %v", v, err)
		}
		o.strategy = v
		return nil
	}},
	{name: "semantics", value: true, set: func(o *options, v string) error {
		if v != "member" && v != "texcoord" {
			return fmt.Errorf("--semantics=%s: unknown (known: member, texcoord)", v)
		}
		o.semantics = v
		return nil
	}},
	{name: "layout", value: true, set: func(o *options, v string) error { o.layoutFile = v; return nil }},
	{name: "D", value: true, set: func(o *options, v string) error { o.defines = append(o.defines, v); return nil }},
	{name: "I", value: true, set: func(o *options, v string) error { o.includeDirs = append(o.includeDirs, v); return nil }},
}

// refused are shpack rewrite's flags that shpack_rewrite does not take,
// and why: the message names what to do instead.
var refused = map[string]string{
	"o":                  "writes a file: the source to compile is shpack_result_text's",
	"out-dir":            "writes files: the source to compile is shpack_result_text's",
	"svg":                "writes a file: shpack_rewrite draws no register map",
	"depfile":            "writes a file: your open callback sees every file read",
	"touch":              "is about files written: shpack_rewrite writes none",
	"variants":           "lists permutations in a file: each call rewrites one permutation, the request's defines (shpack rewrite --variants rewrites a family offline)",
	"vs-variants":        "lists permutations in a file: each call rewrites one permutation, the request's defines (rewrite each stage alone with --layout-out and a layout)",
	"ps-variants":        "lists permutations in a file: each call rewrites one permutation, the request's defines (rewrite each stage alone with --layout-out and a layout)",
	"vs-entry":           "is the request's vs_entry",
	"ps-entry":           "is the request's ps_entry",
	"diagnostics-format": "is always shpack.diagnostics/1 JSON here (shpack_result_diagnostics)",
	"color":              "does not apply: the diagnostics are JSON",
	"no-caret":           "does not apply: the diagnostics are JSON",
	"max-errors":         "does not apply: the diagnostics hold every error",
	"front":              "is not taken: shpack_rewrite reads HLSL and effects",
}

// parseOptions reads the options string. Its errors are a bad request's
// messages, naming the option.
func parseOptions(s string) (*options, error) {
	words, err := splitWords(s)
	if err != nil {
		return nil, err
	}
	o := &options{}
	seen := map[string]bool{}
	for i := 0; i < len(words); i++ {
		w := words[i]
		if !strings.HasPrefix(w, "-") || w == "-" || w == "--" {
			return nil, fmt.Errorf("options: %q is not an option (the source is the request's source)", w)
		}
		name, value, hasValue := strings.Cut(strings.TrimPrefix(strings.TrimPrefix(w, "-"), "-"), "=")
		if !hasValue && len(name) > 1 && (name[0] == 'D' || name[0] == 'I') && !strings.HasPrefix(w, "--") {
			name, value, hasValue = name[:1], name[1:], true // -DNAME, -IDIR
		}
		def := lookupOption(name)
		if def == nil {
			return nil, unknownOption(w, name)
		}
		switch {
		case def.value && !hasValue:
			if i+1 == len(words) {
				return nil, fmt.Errorf("options: %s needs a value", w)
			}
			i++
			value = words[i]
		case def.name == "layout-out" && hasValue:
			return nil, fmt.Errorf("options: %s: --layout-out takes no file here: the layout planned is shpack_result_layout's", w)
		}
		if def.value && value == "" {
			return nil, fmt.Errorf("options: %s needs a value", w)
		}
		if err := def.set(o, value); err != nil {
			return nil, fmt.Errorf("options: %v", err)
		}
		seen[def.name] = true
	}
	for _, x := range [][3]string{
		{"v", "q", ": -q gives no notes, -v every one"},
		{"layout", "layout-out", ": a layout applied is the layout planned"},
	} {
		if seen[x[0]] && seen[x[1]] {
			return nil, fmt.Errorf("options: %s and %s cannot be used together%s", dashed(x[0]), dashed(x[1]), x[2])
		}
	}
	return o, nil
}

func lookupOption(name string) *optionDef {
	for i := range optionTable {
		if optionTable[i].name == name {
			return &optionTable[i]
		}
	}
	return nil
}

// unknownOption is the error of an option not taken: why, for shpack
// rewrite's flags that do not apply; the nearest option, for a misspelling.
func unknownOption(word, name string) error {
	if why, ok := refused[name]; ok {
		return fmt.Errorf("options: %s is not taken by shpack_rewrite: it %s", dashed(name), why)
	}
	var names []string
	for _, d := range optionTable {
		names = append(names, d.name)
	}
	if s := ir.Suggest(name, names); s != "" {
		return fmt.Errorf("options: unknown option %s; did you mean %s? (taken: %s)", word, dashed(s), takenList(names))
	}
	return fmt.Errorf("options: unknown option %s (taken: %s)", word, takenList(names))
}

func takenList(names []string) string {
	var out []string
	for _, n := range names {
		out = append(out, dashed(n))
	}
	return strings.Join(out, " ")
}

// dashed is an option as written: -D, --all.
func dashed(name string) string {
	if len(name) == 1 {
		return "-" + name
	}
	return "--" + name
}

// splitWords cuts the options string into words at blanks. A quoted part
// ("..." or '...') keeps its blanks and loses its quotes; a backslash is
// an ordinary character (Windows paths).
func splitWords(s string) ([]string, error) {
	var words []string
	var cur strings.Builder
	in := false // a word is under way (perhaps an empty quoted one)
	var quote rune
	for _, r := range s {
		switch {
		case quote != 0:
			if r == quote {
				quote = 0
			} else {
				cur.WriteRune(r)
			}
		case r == '"' || r == '\'':
			quote, in = r, true
		case slices.Contains([]rune(" \t\r\n\v\f"), r):
			if in {
				words = append(words, cur.String())
				cur.Reset()
				in = false
			}
		default:
			cur.WriteRune(r)
			in = true
		}
	}
	if quote != 0 {
		return nil, errors.New("options: a " + string(quote) + " quote is not closed")
	}
	if in {
		words = append(words, cur.String())
	}
	return words, nil
}
