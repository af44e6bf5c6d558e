package main

import (
	"bytes"

	"github.com/shpack/shpack/emit"
)

var listCommand = &command{
	name:    "list",
	usage:   "[flags] FILE",
	summary: "list every struct and function with semantics",
	about: `Lists every struct that has semantics and every function with semantics in
FILE, each lowered to its elements (semantic, index, components, type,
interpolation modifiers, position), or with the error that stopped it.
Semantics that are not Direct3D 9 usages are listed too; only packing for a
Direct3D 9 profile rejects them.
`,
	flags:   "o format depfile touch front",
	formats: "text|json",
	fmtHelp: `text: one block per struct and function; json: {"schema": "shpack.list/1", ...} (docs/json.md)`,
	run:     (*env).runList,
}

func (e *env) runList(files []string) int {
	if len(files) != 1 {
		return e.usageError("list takes one input file")
	}
	u, err := e.load(files[0])
	if err != nil {
		return e.report(err)
	}
	var entries []emit.Entry
	for _, li := range u.List() {
		entries = append(entries, emit.Entry{Kind: li.Kind, Name: li.Name, Pos: li.Pos, Err: li.Err, Sig: li.Sig, In: li.In, Out: li.Out})
	}
	var buf bytes.Buffer
	if e.format == "json" {
		err = emit.ListJSONTo(&buf, u.Name, entries, u.Techniques())
	} else {
		err = emit.ListText(&buf, u.Name, entries, u.Techniques())
	}
	if err != nil {
		return e.report(err)
	}
	return e.finish(result{text: buf.Bytes(), deps: u.PP.Files})
}
