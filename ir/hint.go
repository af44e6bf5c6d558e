package ir

import "strings"

// Hints: what a diagnostic says to choose, as data.
//
// The library speaks of what its callers choose in its own words (an
// entry point, a struct, a variants list); how a caller spells a choice
// is the caller's: the command's flags (--entry=NAME), the playground's
// controls, the C library's options string. A message that tells the
// user what to choose says so in words ("several functions qualify:
// choose one") and carries the choice as a Hint, which each caller
// renders its own way after the message (shpack: "(--entry=NAME)").

// An Option is something a caller of shpack's library chooses, named in
// the library's words. The command's flags carry the same names.
type Option string

// The options hints name.
const (
	OptEntry      Option = "entry"       // the function whose signature is meant
	OptStruct     Option = "struct"      // the struct that is the signature
	OptVSEntry    Option = "vs-entry"    // the vertex shader of a pair
	OptPSEntry    Option = "ps-entry"    // the pixel shader of a pair
	OptPSStruct   Option = "ps-struct"   // the struct of a pixel shader's inputs
	OptAll        Option = "all"         // rewrite every pair, also those that fit
	OptVariants   Option = "variants"    // the list of permutations to rewrite at once
	OptLayout     Option = "layout"      // a layout file to apply
	OptLayoutOut  Option = "layout-out"  // record the layouts planned
	OptSemantics  Option = "semantics"   // how packed registers are declared
	OptProfile    Option = "profile"     // the register file
	OptMaxErrors  Option = "max-errors"  // how many errors are printed
	OptCompiler   Option = "compiler"    // the compiler shpack fxc runs
	OptIndexed    Option = "indexed"     // arrays indexed at run time
	OptFormat     Option = "format"      // the form of the output
	OptVSVariants Option = "vs-variants" // the vertex stage's permutations
	OptRegisters  Option = "registers"   // the register budget of one signature or pair
)

// HintOptions lists every option a hint may name, for the callers that
// render them to check they spell each one.
func HintOptions() []Option {
	return []Option{OptEntry, OptStruct, OptVSEntry, OptPSEntry, OptPSStruct, OptAll, OptVariants, OptLayout,
		OptLayoutOut, OptSemantics, OptProfile, OptMaxErrors, OptCompiler, OptIndexed, OptFormat, OptVSVariants, OptRegisters}
}

// A Hint names the option that would settle what a diagnostic reports,
// and what to give it: a value, or a placeholder such as "NAME".
type Hint struct {
	Option Option
	Value  string
	// And are options given together with this one (a pair: vs-entry
	// and ps-entry).
	And []Hint
}

// String renders the hint in the library's words: option=value.
func (h Hint) String() string {
	s := string(h.Option)
	if h.Value != "" {
		s += "=" + h.Value
	}
	for _, a := range h.And {
		s += " " + a.String()
	}
	return s
}

// PairHint is the hint that names a vertex and a pixel shader.
func PairHint() Hint {
	return Hint{Option: OptVSEntry, Value: "NAME", And: []Hint{{Option: OptPSEntry, Value: "NAME"}}}
}

// withHints is msg followed by its hints, each rendered by render (nil:
// Hint.String), in parentheses: "choose one (entry=NAME or struct=NAME)".
func withHints(msg string, hints []Hint, render func(Hint) string) string {
	if len(hints) == 0 {
		return msg
	}
	if render == nil {
		render = Hint.String
	}
	parts := make([]string, len(hints))
	for i, h := range hints {
		head := h
		head.And = nil // render sees one option at a time
		parts[i] = render(head)
		for _, a := range h.And {
			parts[i] += " " + render(a)
		}
	}
	return msg + " (" + strings.Join(parts, " or ") + ")"
}
