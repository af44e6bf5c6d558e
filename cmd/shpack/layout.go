package main

import (
	"flag"
	"fmt"

	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/layoutfile"
)

// layoutFlags are --layout and --layout-out, which pack, link, rewrite and
// repack share: a build that plans the interface of a pair in one step
// and builds each stage in another (package layoutfile).
type layoutFlags struct {
	in, out string
	file    *layoutfile.File // in, read
}

func (l *layoutFlags) register(fs *flag.FlagSet) {
	fs.StringVar(&l.in, "layout", "", "")
	fs.StringVar(&l.out, "layout-out", "", "")
}

// check says what is wrong with the flags for a command on register file
// f ("" if nothing): a layout file describes a portable vs_3_0/ps_3_0
// interface of one input.
func (l *layoutFlags) check(f *ir.RegisterFile, portable bool, inputs int) string {
	if l.in == "" && l.out == "" {
		return ""
	}
	flag := "--layout"
	if l.in == "" {
		flag = "--layout-out"
	}
	switch {
	case l.in != "" && l.out != "":
		return "--layout and --layout-out cannot be used together: a layout applied is the layout planned"
	case f != nil && !f.Packs():
		return fmt.Sprintf("%s applies to vs_3_0 outputs and ps_3_0 inputs, not %s %ss", flag, f.Profile.Name, f.Dir.Word())
	case !portable:
		return flag + " records the portable layout (one declaration per register); it does not take --multi-dcl"
	case inputs > 1:
		return flag + " takes one input file: a layout file holds the interface of one pair"
	}
	return ""
}

// readLayout reads and parses a layout file.
func (e *env) readLayout(path string) (*layoutfile.File, error) {
	data, err := readLimited(path, maxInputBytes)
	if err != nil {
		return nil, fileError(path, "cannot read the layout file: %v", unwrapPathError(err))
	}
	if len(data) > maxInputBytes {
		return nil, fileError(path, "layout file too large (more than %d bytes)", maxInputBytes)
	}
	return layoutfile.Read(path, data)
}
