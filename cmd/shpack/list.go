package main

import (
	"bytes"

	"github.com/shpack/shpack/emit"
)

const listHelp = `Usage: shpack list [flags] FILE

Lists every struct that has semantics and every function with semantics in
FILE, each lowered to its elements (semantic, index, components, type,
interpolation modifiers, position), or with the error that stopped it.
Semantics that are not Direct3D 9 usages are listed too; only packing for a
Direct3D 9 profile rejects them.

Flags:
  --format=text|json  text (default): one block per struct and function;
                      json: {"schema": "shpack.list/1", ...} (docs/json.md)
  -o FILE             write the listing to FILE (atomically) instead of stdout
  -D NAME[=VALUE], -I DIR, --allow-missing-includes   as for shpack FILE
  --diagnostics-format=gcc|plain|msvc|sarif|json, --color=auto|always|never,
  --no-caret, --max-errors=N, -q
                      how errors are printed, as for shpack --help
`

func (e *env) list(args []string) int {
	var ff frontFlags
	format, out := "text", ""
	fs := e.newFlagSet("shpack list")
	ff.register(fs)
	fs.StringVar(&format, "format", "text", "")
	fs.StringVar(&out, "o", "", "")
	files, err := parseInterspersed(fs, args)
	e.inputs = files
	if err != nil {
		return e.flagError(err, listHelp)
	}
	switch {
	case len(files) != 1:
		return e.usageError("list takes one input file")
	case format != "text" && format != "json":
		return e.usageError("unknown format %q (known: text, json)", format)
	}
	u, err := e.load(files[0], &ff)
	if u != nil {
		for _, w := range warnings(u) {
			e.note(w)
		}
	}
	if err != nil {
		return e.report(err)
	}
	var entries []emit.Entry
	for _, li := range u.List() {
		entries = append(entries, emit.Entry{Kind: li.Kind, Name: li.Name, Pos: li.Pos, Err: li.Err, Sig: li.Sig, In: li.In, Out: li.Out})
	}
	var buf bytes.Buffer
	if format == "json" {
		err = emit.ListJSONTo(&buf, u.Name, entries, u.Techniques())
	} else {
		err = emit.ListText(&buf, u.Name, entries, u.Techniques())
	}
	if err != nil {
		return e.report(err)
	}
	return e.output(out, buf.String())
}
