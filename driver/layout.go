package driver

import (
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/layoutfile"
	"github.com/shpack/shpack/pack"
)

// ApplyLayout lays out sig as the layout file lf says, instead of packing:
// a vertex shader's outputs where its interface puts them, a pixel
// shader's inputs derived from the vertex layout of each interface that
// names it (as link derives them from the vertex shader). A pixel shader
// a family shares is in each of their interfaces; they must feed it alike,
// or it is an error.
func ApplyLayout(lf *layoutfile.File, sig *ir.Signature, f *ir.RegisterFile) (*ir.Layout, error) {
	if f.Profile.Stage == ir.Vertex {
		it, err := lf.Find(sig.Name, ir.Vertex)
		if err != nil {
			return nil, err
		}
		return it.Apply(sig, lf.Name)
	}
	d, err := deriveFromFile(lf, sig.Name, sig, f, false)
	if err != nil {
		return nil, err
	}
	return d.layout, nil
}

// fileDerivation is a pixel shader's inputs derived from a layout file.
type fileDerivation struct {
	layout *ir.Layout   // derived from the first interface
	vs     []*ir.Layout // each interface's vertex layout, in order
	names  []string     // their vertex shaders
	// widen gives the pixel shader's own width of inputs it reads wider
	// than the file has them (narrowInputs), when the caller allows it.
	widen map[int]int
}

// deriveFromFile derives the inputs in of pixel shader name from every
// interface of lf that names it; they must feed it alike. With widen (the
// rewrite), an input may be wider than the file's output, and must be
// read as the kind of type the file has it written (kindsAgree).
func deriveFromFile(lf *layoutfile.File, name string, in *ir.Signature, f *ir.RegisterFile, widen bool) (*fileDerivation, error) {
	its, err := lf.FindAll(name, ir.Pixel)
	if err != nil {
		return nil, err
	}
	d := &fileDerivation{}
	for _, it := range its {
		vl := it.Layout()
		read, w := in, map[int]int(nil)
		if widen {
			if errs := kindsAgree(in, vl, lf.Name); len(errs) > 0 {
				return nil, errs
			}
			read, w = narrowInputs(in, vl)
		}
		pl, err := pack.Derive(vl, read, f)
		if err != nil {
			return nil, err
		}
		if d.layout == nil {
			d.layout, d.widen = pl, w
		} else if readKey(pl) != readKey(d.layout) {
			return nil, ir.ErrorList{ir.Errorf(in.Pos, in.Include, "%s: the layout file %s plans it with vertex shaders %s and %s, which pack what it reads differently",
				name, lf.Name, joinList(d.names), joinList(it.VertexShaders))}
		}
		d.vs = append(d.vs, vl)
		d.names = append(d.names, it.VertexShaders...)
	}
	return d, nil
}
