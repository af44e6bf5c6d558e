// Package driver is shpack as a library: shader files in; signatures,
// layouts, linked pairs, compared strategies, rewritten sources and
// repacked programs out. It is what a Go build tool calls, and what the
// shpack command wires to flags and files.
//
// It owns the decisions that span the other packages: which shaders of a
// file belong together (the passes of its techniques, or a pair named by
// the caller), which of them need packing, and how one layout is shared
// by every pass that uses a shader; how permutations (variants) share a
// family layout and one rewritten source; how a compiled pair is repacked
// and checked before anything is written (RepackPair, RepackStage); what
// interfaces a layout file records. It reads no files itself unless the
// caller's preprocessor options do (includes), or the caller asks it to
// find the shader files of folders (FindShaderFiles); it keeps no state
// between calls.
package driver

import (
	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/ir"
)

// A Source is one input file: its name as it should appear in diagnostics
// and #line directives, and its contents.
type Source struct {
	Name string
	Src  []byte
}

// parseAll preprocesses and parses every source; the preprocessor's
// warnings and the files read go to res.
func parseAll(srcs []Source, pp *hlsl.PPOptions, res *RewriteResult) ([]*hlsl.Unit, error) {
	var units []*hlsl.Unit
	var errs ir.ErrorList
	seen := map[string]bool{}
	for _, s := range srcs {
		u, err := hlsl.ParseFile(s.Name, s.Src, pp)
		if err != nil {
			if l := ir.Errors(err); l != nil {
				errs = append(errs, l...)
				continue
			}
			return nil, err
		}
		res.Warnings = append(res.Warnings, u.PP.Warnings...)
		for _, f := range u.PP.Files {
			if !seen[f] {
				seen[f] = true
				res.Deps = append(res.Deps, f)
			}
		}
		units = append(units, u)
	}
	if len(errs) > 0 {
		errs.Sort()
		return nil, errs
	}
	return units, nil
}
