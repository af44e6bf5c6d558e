package main

import (
	"bytes"
	"encoding/json"
	"errors"

	"github.com/shpack/shpack/check"
	"github.com/shpack/shpack/d3d9"
	"github.com/shpack/shpack/driver"
	"github.com/shpack/shpack/hlsl"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/layoutfile"
	"github.com/shpack/shpack/pack"
)

// Every call the C library makes into shpack's Go library is in this file,
// in the terms of the two types below, so that a change of the library's
// API changes these few lines and nothing else of capi.

// A rewriteCall is one shpack_rewrite in the library's terms.
type rewriteCall struct {
	name                 string
	src                  []byte
	defines, includeDirs []string
	// include answers every #include (the request's open callback); nil
	// reads the file system. readInclude gives a file include named
	// again, for a rewrite that edits an entry point out of a header.
	include              func(name string, system bool, parent string) (string, []byte, error)
	readInclude          func(path string) ([]byte, error)
	allowMissingIncludes bool
	strategy             string // "": optimal
	mixColor, texcoord   bool
	all                  bool
	vsEntry, psEntry     string
	layout               []byte // a shpack.interface/1 document to apply; nil: none
	layoutName           string // its name in diagnostics
	layoutOut            bool
}

// rewriteDone is what the rewrite made: warnings even when it failed.
type rewriteDone struct {
	text     []byte
	layout   []byte // the interfaces planned, with layoutOut
	notes    []ir.Note
	warnings ir.ErrorList
}

// knownStrategy says whether name is a packing strategy.
func knownStrategy(name string) error {
	_, err := pack.Lookup(name)
	return err
}

// callRewrite runs the rewrite; its errors are the input's (an
// ir.ErrorList) or the library's.
func callRewrite(c *rewriteCall) (*rewriteDone, error) {
	var strat pack.Strategy
	if c.strategy != "" {
		var err error
		if strat, err = pack.Lookup(c.strategy); err != nil {
			return &rewriteDone{}, err
		}
	}
	var lay *layoutfile.File
	if c.layout != nil {
		var err error
		if lay, err = layoutfile.Read(c.layoutName, c.layout); err != nil {
			return &rewriteDone{}, err
		}
	}
	res, err := driver.Rewrite([]driver.Source{{Name: c.name, Src: c.src}}, driver.RewriteOptions{
		PP: hlsl.PPOptions{
			Defines: c.defines, IncludeDirs: c.includeDirs,
			Include: c.include, ReadFile: c.readInclude,
			AllowMissingIncludes: c.allowMissingIncludes,
		},
		Packing: driver.Packing{Strategy: strat, MixColor: c.mixColor, TexcoordNames: c.texcoord, Layout: lay},
		All:     c.all, VSEntry: c.vsEntry, PSEntry: c.psEntry, LayoutOut: c.layoutOut,
	})
	done := &rewriteDone{}
	if res != nil {
		done.warnings = res.Warnings
	}
	if err != nil {
		return done, err
	}
	if len(res.Outputs) != 1 {
		return done, errors.New("the rewrite returned no source")
	}
	done.text, done.notes = res.Outputs[0], res.Notes
	if c.layoutOut {
		done.layout = layoutfile.Marshal(res.Interfaces)
	}
	return done, nil
}

// callCheck checks compiled programs (ps nil: the vertex shader alone),
// named vs and ps in the report. It returns 0, 1 (problems) or 2 (not a
// program), and the shpack.check/1 document.
func callCheck(vs, ps []byte) (int, []byte, error) {
	var progs [2]*d3d9.Program
	names := [2]string{"vs", "ps"}
	var unread []check.ProblemJSON
	for i, data := range [2][]byte{vs, ps} {
		if data == nil {
			continue
		}
		var err error
		if len(data) == 0 {
			err = ir.ErrorList{{Pos: ir.Pos{File: names[i]}, Msg: "the program is empty (did the compiler that made it fail?)"}}
		} else {
			progs[i], err = d3d9.Read(names[i], data)
		}
		if err == nil {
			continue
		}
		errs := ir.Errors(err)
		if errs == nil {
			errs = ir.ErrorList{{Pos: ir.Pos{File: names[i]}, Msg: err.Error()}}
		}
		for _, e := range errs {
			unread = append(unread, check.ProblemJSON{File: names[i], Line: e.Pos.Line, Message: e.Msg})
		}
	}
	var b bytes.Buffer
	if unread != nil {
		enc := json.NewEncoder(&b)
		enc.SetIndent("", "  ")
		enc.SetEscapeHTML(false)
		err := enc.Encode(check.JSONDoc{Schema: check.Schema, Problems: unread, Runtimes: check.RuntimesJSON{}})
		return 2, b.Bytes(), err
	}
	rep := check.Programs(progs[0], progs[1], names[0], names[1])
	if err := rep.WriteJSON(&b); err != nil {
		return 2, nil, err
	}
	if len(rep.Problems) > 0 {
		return 1, b.Bytes(), nil
	}
	return 0, b.Bytes(), nil
}
