package main

import (
	"flag"
	"fmt"
	"slices"

	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/layoutfile"
	"github.com/shpack/shpack/pack"
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

// applyLayout lays out sig as the layout file says: a vertex shader's
// outputs where its interface puts them, a pixel shader's inputs derived
// from its interface's vertex layout (as link derives them).
//
// A pixel shader linked with several vertex shaders is in each of their
// interfaces; they must feed it alike (a family does), or it is an error.
func applyLayout(lf *layoutfile.File, sig *ir.Signature, f *ir.RegisterFile) (*ir.Layout, error) {
	if f.Profile.Stage == ir.Vertex {
		it, err := lf.Find(sig.Name, ir.Vertex)
		if err != nil {
			return nil, err
		}
		return it.Apply(sig, lf.Name)
	}
	its, err := lf.FindAll(sig.Name, ir.Pixel)
	if err != nil {
		return nil, err
	}
	var first *ir.Layout
	for _, it := range its {
		pl, err := pack.Derive(it.Layout(), sig, f)
		if err != nil {
			return nil, err
		}
		if first == nil {
			first = pl
			continue
		}
		if !slices.Equal(first.Place, pl.Place) {
			return nil, ir.ErrorList{ir.Errorf(sig.Pos, sig.Include, "%s: the layout file %s plans it with vertex shaders %s and %s, which pack what it reads differently",
				sig.Name, lf.Name, its[0].Names(), it.Names())}
		}
	}
	return first, nil
}
