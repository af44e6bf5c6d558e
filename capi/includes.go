package main

import (
	"fmt"
	"io/fs"
	"strings"
)

// An includer serves the preprocessor's #includes (hlsl/pp's
// Options.Include) from the request's open callback, for one call.
//
// The callback is asked as ID3DInclude::Open is: the name as written,
// whether it was <name>, and the name the including file was asked by.
// The preprocessor needs more of a file than its bytes: a name for
// diagnostics and #line, and an identity, so that #pragma once holds and
// two headers of one name in two folders stay two files. A quoted include
// is named after the including file's folder joined with the name as
// written ("shaders/lib/" + "light.h"), an angle one by its name; bytes
// the callback gave before under another name are the file of that name.
type includer struct {
	open func(system bool, name, parent string) ([]byte, bool, error)
	// fault is the first misbehaviour of the callback: the request is
	// bad, whatever the source.
	fault error
	main  string            // the main source's name
	sent  map[string]string // a file's name: the name the callback was asked
	data  map[string][]byte // a file's name: its bytes
	same  map[string]string // a file's bytes: its name
}

func newIncluder(open func(system bool, name, parent string) ([]byte, bool, error), main string) *includer {
	return &includer{open: open, main: main, sent: map[string]string{}, data: map[string][]byte{}, same: map[string]string{}}
}

// include is hlsl/pp's Options.Include: parent is the name include gave
// the including file ("" for the main source).
func (in *includer) include(name string, system bool, parent string) (string, []byte, error) {
	data, ok, err := in.open(system, name, in.sent[parent])
	if err != nil {
		if in.fault == nil {
			in.fault = err
		}
		return "", nil, err
	}
	if !ok {
		return "", nil, fmt.Errorf("the open callback has no %q: %w", name, fs.ErrNotExist)
	}
	if file, ok := in.same[string(data)]; ok {
		return file, data, nil
	}
	file := name
	if !system {
		from := parent
		if from == "" {
			from = in.main
		}
		file = joinName(from, name)
	}
	base := file
	for k := 2; in.data[file] != nil; k++ {
		file = fmt.Sprintf("%s (%d)", base, k) // one name, other bytes: another file
	}
	in.sent[file], in.data[file], in.same[string(data)] = name, data, file
	return file, data, nil
}

// read gives the bytes of a file include named, for the rewrite, which
// reads a header again to edit an entry point defined there.
func (in *includer) read(file string) ([]byte, error) {
	if data, ok := in.data[file]; ok {
		return data, nil
	}
	return nil, &fs.PathError{Op: "open", Path: file, Err: fs.ErrNotExist}
}

// joinName names a file included as name from the file from: name itself
// when absolute, else from's folder joined with it, "." and ".." cleaned,
// separators as '/'.
func joinName(from, name string) string {
	name = strings.ReplaceAll(name, `\`, "/")
	if strings.HasPrefix(name, "/") || len(name) > 1 && name[1] == ':' {
		return name
	}
	from = strings.ReplaceAll(from, `\`, "/")
	dir := ""
	if i := strings.LastIndex(from, "/"); i >= 0 {
		dir = from[:i+1]
	}
	var out []string
	lead := 0 // leading ".." that stay
	for _, part := range strings.Split(dir+name, "/") {
		switch {
		case part == "." || part == "" && len(out) > 0:
		case part == ".." && len(out) > lead && out[len(out)-1] != "":
			out = out[:len(out)-1]
		case part == "..":
			out = append(out, part)
			lead = len(out)
		default:
			out = append(out, part)
		}
	}
	return strings.Join(out, "/")
}
