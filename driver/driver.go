// Package driver is shpack as a library: shader files in; signatures,
// layouts, linked pairs, compared strategies, rewritten sources and
// repacked programs out. It is what a Go build tool calls, and what the
// shpack command, the playground, shpack fxc and the C library call for
// everything they share.
//
// Its face is one call per operation, each taking its options and
// returning a result that carries its notes, warnings, files read and the
// data the printers of package emit take directly:
//
//	Pack      the layout of one signature of a file, or of a family of
//	          permutations (PackOptions.Variants): shpack FILE
//	Link      a vertex shader's layout and the pixel inputs read from it:
//	          a pair, every pass of an effect, or every permutation
//	Rewrite   the sources rewritten so that their shaders build packed
//	Repack    a compiled pair (or one program through a layout file)
//	Compare   every signature of a file, packed by each strategy
//
// and two for what those need: FindShaderFiles (the shader files of
// folders) and ParseVariants (a list of permutations). How a layout is
// planned is one struct, Packing, that every call that packs embeds in
// its options.
//
// It owns the decisions that span the other packages: which shaders of a
// file belong together (the passes of its techniques, or a pair named by
// the caller), which of them need packing, and how one layout is shared
// by every pass that uses a shader; how permutations (variants) share a
// family layout and one rewritten source; how a compiled pair is repacked
// and checked before anything is written; what interfaces a layout file
// records. It reads no files itself unless the caller's preprocessor
// options do (includes), or the caller asks it to find the shader files
// of folders (FindShaderFiles); it keeps no state between calls.
//
// Its messages speak of what a caller chooses in its own words (an entry
// point, a layout file to apply) and carry the choice as an ir.Hint, which
// each caller renders its own way: the command as a flag, the playground
// as a control. Errors about the input are ir.ErrorList values, positioned;
// an option that does not apply to the input is an *OptionError.
package driver

import (
	"slices"

	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/layoutfile"
	"github.com/shpack/shpack/pack"
)

// A Source is one input file: its name as it should appear in diagnostics
// and #line directives, and its contents.
type Source struct {
	Name string
	Src  []byte
}

// Packing says how a call plans layouts; every call that packs embeds it
// in its options. Each field says where it applies; the zero value packs
// optimally, one declaration per semantic group, within the register
// file's registers.
type Packing struct {
	// Strategy packs the registers; nil: pack.Optimal.
	Strategy pack.Strategy
	// MixColor lets COLOR share a register with other semantics.
	MixColor bool
	// Portable asks for one declaration per general register, named after
	// one of its members (pack.Portable): the layout Wine, DXVK and
	// MojoShader read correctly. Rewrite always writes it.
	Portable bool
	// TexcoordNames declares every general register of a portable layout
	// TEXCOORDn, in register order (ir.Constraints.TexcoordNames).
	TexcoordNames bool
	// Budget is the number of general registers allowed; 0: the register
	// file's. It applies to one signature or one pair (Pack, Link of a
	// pair) and to Compare.
	Budget int
	// Indexed names arrays the shader indexes at run time: their rows stay
	// in consecutive registers. It applies to one signature or one pair.
	Indexed []string
	// Layout, when not nil, is applied instead of planning: a stage built
	// in another step from the layout file its other stage recorded.
	Layout *layoutfile.File
}

// constraints are the packer's constraints of p (its Indexed arrays are
// found in the signature by the caller).
func (p Packing) constraints() ir.Constraints {
	return ir.Constraints{MixColor: p.MixColor, Budget: p.Budget, Portable: p.Portable, TexcoordNames: p.TexcoordNames}
}

// strategy is p's strategy, optimal when none is set.
func (p Packing) strategy() pack.Strategy {
	if p.Strategy == nil {
		return pack.Optimal{}
	}
	return p.Strategy
}

// A Selector picks the signature of a file: a struct, an entry point, the
// shader of a technique's first pass that compiles one of the stage, or
// the file's default when all are empty (see Pack).
type Selector struct {
	Struct, Entry string
	// Technique names a technique: its first pass's shader of the stage
	// packed is the entry point.
	Technique string
}

// isZero says whether the selector leaves the choice to the default.
func (s Selector) isZero() bool { return s == Selector{} }

// An OptionError is an option that does not apply to the input given (a
// register budget for the passes of an effect): the caller's choice is
// wrong, not the input. Option names it in the library's words, as hints
// do; Msg says why, to follow the option's name.
type OptionError struct {
	Option ir.Option
	Msg    string
}

// Error renders the error in the library's words: "budget applies to ...".
func (e *OptionError) Error() string { return string(e.Option) + " " + e.Msg }

// parseAll preprocesses and parses every source, and returns the
// preprocessor's warnings and the files read (the sources and their
// includes, each once).
func parseAll(srcs []Source, pp *hlsl.PPOptions) (units []*hlsl.Unit, warnings ir.ErrorList, deps []string, err error) {
	var errs ir.ErrorList
	seen := map[string]bool{}
	for _, s := range srcs {
		u, err := hlsl.ParseFile(s.Name, s.Src, pp)
		if err != nil {
			if l := ir.Errors(err); l != nil {
				errs = append(errs, l...)
				continue
			}
			return nil, nil, nil, err
		}
		warnings = append(warnings, u.PP.Warnings...)
		for _, f := range u.PP.Files {
			if !seen[f] {
				seen[f] = true
				deps = append(deps, f)
			}
		}
		units = append(units, u)
	}
	if len(errs) > 0 {
		errs.Sort()
		return nil, nil, nil, errs
	}
	return units, warnings, deps, nil
}

// addDeps adds to deps the files of more it does not hold yet.
func addDeps(deps []string, more ...string) []string {
	for _, d := range more {
		if !slices.Contains(deps, d) {
			deps = append(deps, d)
		}
	}
	return deps
}

// addWarnings adds to ws the warnings of more it does not hold yet: a
// header read in every variant warns once.
func addWarnings(ws ir.ErrorList, more ...*ir.Error) ir.ErrorList {
	for _, w := range more {
		if !slices.ContainsFunc(ws, func(o *ir.Error) bool { return o.Pos == w.Pos && o.Msg == w.Msg }) {
			ws = append(ws, w)
		}
	}
	return ws
}
