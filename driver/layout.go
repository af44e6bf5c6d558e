package driver

import (
	"cmp"
	"slices"

	"github.com/shpack/shpack/emit"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/layoutfile"
	"github.com/shpack/shpack/pack"
)

// variantInterfaces are the layout file's interfaces of a family of
// variants (--layout-out with --variants): each variant's vertex layout,
// variants laid out alike in one interface that names them all.
func variantInterfaces(vl []emit.VariantLayouts) ([]layoutfile.Interface, error) {
	var ifaces []layoutfile.Interface
	for _, v := range vl {
		l, ps := v.Layout, []string(nil)
		if l == nil {
			l, ps = v.VS, []string{v.PS.Sig.Name}
		}
		it, err := layoutfile.FromLayout(l, []string{l.Sig.Name}, ps)
		if err != nil {
			return nil, err
		}
		it.Variants = []string{v.Name}
		ifaces = layoutfile.AddVariant(ifaces, it)
	}
	return ifaces, nil
}

// effectInterfaces are the layout file's interfaces of an effect's linked
// passes: one per vs_3_0 vertex shader (it has one layout in every pass),
// with the pixel shaders it feeds.
func effectInterfaces(passes []LinkedPass) ([]layoutfile.Interface, error) {
	var ifaces []layoutfile.Interface
	at := map[string]int{}
	for _, p := range passes {
		if p.VSProfile != "vs_3_0" {
			continue
		}
		k, ok := at[p.VS]
		if !ok {
			it, err := layoutfile.FromLayout(p.VSLayout, []string{p.VS}, nil)
			if err != nil {
				return nil, err
			}
			k = len(ifaces)
			at[p.VS] = k
			ifaces = append(ifaces, it)
		}
		if !slices.Contains(ifaces[k].PixelShaders, p.PS) {
			ifaces[k].PixelShaders = append(ifaces[k].PixelShaders, p.PS)
		}
	}
	return ifaces, nil
}

// applyLayout lays out sig as the layout file lf says, instead of packing:
// a vertex shader's outputs where its interface puts them, a pixel
// shader's inputs derived from the vertex layout of each interface that
// names it (as link derives them from the vertex shader). A pixel shader
// a family shares is in each of their interfaces; they must feed it alike,
// or it is an error.
func applyLayout(lf *layoutfile.File, sig *ir.Signature, f *ir.RegisterFile) (*ir.Layout, error) {
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
	// The interfaces of a family of variants: the pixel shader reads the
	// vertex shaders that write everything it reads, every component
	// (those that write an input narrower may be another variant's
	// member under the same semantic); if none does, those that write
	// what it reads, narrower.
	family := true
	for _, it := range its {
		family = family && len(it.Variants) > 0
	}
	type derived struct {
		it    *layoutfile.Interface
		vl    *ir.Layout
		pl    *ir.Layout
		widen map[int]int
	}
	var full, narrow []derived
	var firstErr error
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
		switch {
		case err != nil && family:
			firstErr = cmp.Or(firstErr, err)
		case err != nil:
			return nil, err
		case family && len(w) > 0:
			narrow = append(narrow, derived{it, vl, pl, w})
		default:
			full = append(full, derived{it, vl, pl, w})
		}
	}
	if len(full) == 0 {
		full = narrow
	}
	if len(full) == 0 {
		return nil, firstErr
	}
	d := &fileDerivation{}
	for _, x := range full {
		if d.layout == nil {
			d.layout, d.widen = x.pl, x.widen
		} else if readKey(x.pl, !family) != readKey(d.layout, !family) {
			return nil, ir.ErrorList{ir.Errorf(in.Pos, in.Include, "%s: the layout file %s plans it with vertex shaders %s and %s, which pack what it reads differently",
				name, lf.Name, joinList(d.names), joinList(x.it.VertexShaders))}
		}
		d.vs = append(d.vs, x.vl)
		for _, n := range x.it.VertexShaders {
			if !slices.Contains(d.names, n) {
				d.names = append(d.names, n)
			}
		}
	}
	return d, nil
}
