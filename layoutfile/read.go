package layoutfile

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/shpack/shpack/ir"
)

// MaxInterfaces bounds what Read accepts, so that a hostile file costs
// bounded memory: far more than any build plans.
const (
	MaxInterfaces = 1 << 16
	maxOutputs    = 64
)

// Read parses a layout file. Every fault is an ir.ErrorList of errors
// positioned in the file (line and column of the value at fault).
//
// The file is UTF-8 text, as any editor saves it: a byte order mark is
// skipped, and lines may end in LF, CRLF or CR alone (positions count
// each as one line end); UTF-16 is refused, saying so.
func Read(name string, data []byte) (*File, error) {
	data, err := text(name, data)
	if err != nil {
		return nil, err
	}
	r := &reader{name: name, data: data, dec: json.NewDecoder(bytes.NewReader(data))}
	r.dec.UseNumber()
	f, err := r.file()
	if err != nil {
		var le ir.ErrorList
		if errors.As(err, &le) {
			return nil, le
		}
		return nil, ir.ErrorList{r.errorAt(r.syntaxOffset(err), "%s", strings.TrimPrefix(err.Error(), "json: "))}
	}
	return f, nil
}

type reader struct {
	name string
	data []byte
	dec  *json.Decoder
}

// text is the file's bytes as JSON reads them: without a UTF-8 byte
// order mark, each CR alone a LF (a blank to JSON, a line end to
// positions; the offsets stay). A UTF-16 file (its byte order mark says
// so, as Windows editors write "Unicode") is an error.
func text(name string, data []byte) ([]byte, error) {
	switch {
	case bytes.HasPrefix(data, []byte{0xFF, 0xFE}), bytes.HasPrefix(data, []byte{0xFE, 0xFF}):
		return nil, ir.ErrorList{ir.Errorf(ir.Pos{File: name, Line: 1, Col: 1}, nil, "the layout file is UTF-16 (its byte order mark says so); layout files are UTF-8, as --layout-out writes them: save it as UTF-8")}
	}
	data = bytes.TrimPrefix(data, []byte{0xEF, 0xBB, 0xBF})
	if bytes.IndexByte(data, '\r') < 0 {
		return data, nil
	}
	out := bytes.Clone(data)
	for i, c := range out {
		if c == '\r' && (i+1 == len(out) || out[i+1] != '\n') {
			out[i] = '\n'
		}
	}
	return out, nil
}

// pos turns a byte offset into a position, skipping the blanks and commas
// that the decoder's offset leaves before a value.
func (r *reader) pos(off int64) ir.Pos {
	o := int(min(max(off, 0), int64(len(r.data))))
	for o < len(r.data) && strings.IndexByte(" \t\r\n,:", r.data[o]) >= 0 {
		o++
	}
	line := 1 + bytes.Count(r.data[:o], []byte{'\n'})
	col := o - bytes.LastIndexByte(r.data[:o], '\n')
	return ir.Pos{File: r.name, Line: line, Col: col}
}

func (r *reader) errorAt(off int64, format string, args ...any) *ir.Error {
	return ir.Errorf(r.pos(off), nil, format, args...)
}

func (r *reader) syntaxOffset(err error) int64 {
	var se *json.SyntaxError
	if errors.As(err, &se) {
		return se.Offset - 1
	}
	var te *json.UnmarshalTypeError
	if errors.As(err, &te) {
		return te.Offset - 1
	}
	return r.dec.InputOffset()
}

// expect reads one delimiter.
func (r *reader) expect(d json.Delim, what string) error {
	off := r.dec.InputOffset()
	tok, err := r.dec.Token()
	if err == io.EOF {
		return ir.ErrorList{r.errorAt(off, "the file ends where %s should be", what)}
	}
	if err != nil {
		return err
	}
	if tok != d {
		return ir.ErrorList{r.errorAt(off, "%s should be here, not %s", what, describe(tok))}
	}
	return nil
}

func describe(tok json.Token) string {
	switch t := tok.(type) {
	case json.Delim:
		return "'" + t.String() + "'"
	case string:
		return strconv.Quote(t)
	case nil:
		return "null"
	}
	return fmt.Sprint(tok)
}

// object reads an object, calling field for each key with the decoder on
// its value.
func (r *reader) object(what string, field func(key string, off int64) error) error {
	if err := r.expect('{', what+" (an object)"); err != nil {
		return err
	}
	seen := map[string]bool{}
	for r.dec.More() {
		off := r.dec.InputOffset()
		tok, err := r.dec.Token()
		if err != nil {
			return err
		}
		key, _ := tok.(string)
		if seen[key] {
			return ir.ErrorList{r.errorAt(off, "%s has %q twice", what, key)}
		}
		seen[key] = true
		if err := field(key, r.dec.InputOffset()); err != nil {
			return err
		}
	}
	_, err := r.dec.Token()
	return err
}

// array reads an array, calling elem for each element.
func (r *reader) array(what string, limit int, elem func(i int, off int64) error) error {
	if err := r.expect('[', what+" (an array)"); err != nil {
		return err
	}
	for i := 0; r.dec.More(); i++ {
		off := r.dec.InputOffset()
		if i == limit {
			return ir.ErrorList{r.errorAt(off, "%s has more than %d entries", what, limit)}
		}
		if err := elem(i, off); err != nil {
			return err
		}
	}
	_, err := r.dec.Token()
	return err
}

func (r *reader) value(v any, what string, off int64) error {
	var raw json.RawMessage
	if err := r.dec.Decode(&raw); err != nil {
		return err
	}
	// null decodes into anything as nothing: it is no value of the field.
	if string(bytes.TrimSpace(raw)) == "null" {
		return ir.ErrorList{r.errorAt(off, "%s should be %s, not null", what, wantType(v))}
	}
	if err := json.Unmarshal(raw, v); err != nil {
		var te *json.UnmarshalTypeError
		if errors.As(err, &te) {
			return ir.ErrorList{r.errorAt(off, "%s should be %s, not %s", what, wantType(v), te.Value)}
		}
		return ir.ErrorList{r.errorAt(off, "%s: %s", what, strings.TrimPrefix(err.Error(), "json: "))}
	}
	return nil
}

func wantType(v any) string {
	switch v.(type) {
	case *string:
		return "a string"
	case *bool:
		return "true or false"
	case *[]string:
		return "an array of strings"
	case *int:
		return "a whole number"
	}
	return "another type"
}

func (r *reader) unknown(what, key string, off int64) error {
	return ir.ErrorList{r.errorAt(off, "%s has no field %q", what, key)}
}

func (r *reader) file() (*File, error) {
	f := &File{Name: r.name}
	var schema string
	hasSchema, hasIfaces := false, false
	err := r.object("the layout file", func(key string, off int64) error {
		switch key {
		case "schema":
			hasSchema = true
			if err := r.value(&schema, "schema", off); err != nil {
				return err
			}
			if schema != Schema {
				return ir.ErrorList{r.errorAt(off, "schema %q: this shpack reads %q layout files (made by --layout-out)", schema, Schema)}
			}
		case "interfaces":
			hasIfaces = true
			f.Pos = r.pos(off)
			return r.array("interfaces", MaxInterfaces, func(i int, off int64) error {
				it, err := r.iface(i, off)
				if err != nil {
					return err
				}
				f.Interfaces = append(f.Interfaces, *it)
				return nil
			})
		default:
			return r.unknown("the layout file", key, off)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	end := r.dec.InputOffset()
	if _, err := r.dec.Token(); err != io.EOF {
		return nil, ir.ErrorList{r.errorAt(end, "text after the layout file's object")}
	}
	switch {
	case !hasSchema:
		return nil, ir.ErrorList{r.errorAt(0, "not a layout file: no \"schema\": %q", Schema)}
	case !hasIfaces:
		return nil, ir.ErrorList{r.errorAt(0, "the layout file has no \"interfaces\"")}
	}
	return f, nil
}

func (r *reader) iface(i int, start int64) (*Interface, error) {
	it := &Interface{Pos: r.pos(start)}
	what := fmt.Sprintf("interface %d", i+1)
	var semantics string
	regs, regsOff, hasRegs := 0, int64(0), false
	err := r.object(what, func(key string, off int64) error {
		switch key {
		case "vertex_shaders":
			return r.value(&it.VertexShaders, key, off)
		case "pixel_shaders":
			return r.value(&it.PixelShaders, key, off)
		case "variants":
			return r.value(&it.Variants, key, off)
		case "semantics":
			if err := r.value(&semantics, key, off); err != nil {
				return err
			}
			if semantics != "member" && semantics != "texcoord" {
				return ir.ErrorList{r.errorAt(off, "semantics %q: member or texcoord", semantics)}
			}
			it.Texcoord = semantics == "texcoord"
		case "mix_color":
			return r.value(&it.MixColor, key, off)
		case "strategy":
			return r.value(&it.Strategy, key, off)
		case "general_registers":
			regsOff, hasRegs = off, true
			if err := r.value(&regs, key, off); err != nil {
				return err
			}
			if regs < 0 || regs > 10 {
				return ir.ErrorList{r.errorAt(off, "general_registers %d: 0 to 10 (vs_3_0 has ten)", regs)}
			}
		case "outputs":
			return r.array(what+"'s outputs", maxOutputs, func(k int, off int64) error {
				o, err := r.output(off)
				if err != nil {
					return err
				}
				it.Outputs = append(it.Outputs, *o)
				return nil
			})
		default:
			return r.unknown(what, key, off)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	if len(it.VertexShaders) == 0 && len(it.PixelShaders) == 0 {
		return nil, ir.ErrorList{ir.Errorf(it.Pos, nil, "%s names no vertex_shaders and no pixel_shaders", what)}
	}
	if err := ir.CheckLayout(it.Layout()); err != nil {
		return nil, ir.ErrorList{ir.Errorf(it.Pos, nil, "%s is not a layout shpack can apply: %v", what, err)}
	}
	if hasRegs {
		if n := it.Layout().GeneralRegisters(); n != regs {
			return nil, ir.ErrorList{r.errorAt(regsOff, "general_registers is %d, but the outputs use %d", regs, n)}
		}
	}
	return it, nil
}

func (r *reader) output(start int64) (*Output, error) {
	o := &Output{Pos: r.pos(start)}
	var has struct{ sem, reg, mask, comps, decl, typ bool }
	err := r.object("an output", func(key string, off int64) error {
		switch key {
		case "semantic", "declared_as", "register", "mask", "type", "modifiers", "member", "components", "group", "written":
		default:
			return r.unknown("an output", key, off)
		}
		var s string
		switch key {
		case "member":
			return r.value(&o.Member, key, off)
		case "components":
			has.comps = true
			if err := r.value(&o.Components, key, off); err != nil {
				return err
			}
			if o.Components < 1 || o.Components > 4 {
				return ir.ErrorList{r.errorAt(off, "components %d: 1 to 4", o.Components)}
			}
			return nil
		case "group":
			var g int
			if err := r.value(&g, key, off); err != nil {
				return err
			}
			if g < 0 || g > 7 {
				return ir.ErrorList{r.errorAt(off, "group %d: 0 to 7", g)}
			}
			o.Group = uint8(g)
			return nil
		}
		if err := r.value(&s, key, off); err != nil {
			return err
		}
		bad := func(format string, args ...any) error {
			return ir.ErrorList{r.errorAt(off, format, args...)}
		}
		switch key {
		case "semantic", "declared_as":
			u, idx, ok := ir.ParseSemantic(s).D3D9()
			if !ok || s == "" || s[len(s)-1] < '0' || s[len(s)-1] > '9' || idx > 15 || !u.IsDecl() {
				return bad("%s %q: a Direct3D 9 semantic with its index (TEXCOORD3, COLOR0)", key, s)
			}
			if key == "semantic" {
				has.sem, o.Usage, o.Index = true, u, idx
			} else {
				has.decl, o.DeclUsage, o.DeclIndex = true, u, idx
			}
		case "register":
			n, err := strconv.Atoi(strings.TrimPrefix(s, "o"))
			if !strings.HasPrefix(s, "o") || err != nil || n < 0 || n > 11 || strconv.Itoa(n) != s[1:] {
				return bad("register %q: o0 to o11", s)
			}
			has.reg, o.Register = true, n
		case "mask", "written":
			m, ok := ir.ParseMask(s)
			if !ok || !m.Contiguous() {
				return bad("%s %q: contiguous components in xyzw order (xy, yzw)", key, s)
			}
			if key == "written" {
				o.Written = m
			} else {
				has.mask, o.Mask = true, m
			}
		case "type":
			t, ok := ir.LookupScalarType(s)
			if !ok {
				return bad("type %q: float, int, uint, bool...", s)
			}
			has.typ, o.Type = true, t
		case "modifiers":
			for _, w := range strings.Fields(s) {
				m, ok := ir.LookupModifier(w)
				if !ok {
					return bad("modifier %q: centroid, nointerpolation, noperspective, sample, linear", w)
				}
				o.Mods |= m
			}
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	var missing []string
	for _, m := range []struct {
		ok   bool
		name string
	}{{has.sem, "semantic"}, {has.reg, "register"}, {has.mask, "mask"}, {has.comps, "components"}, {has.decl, "declared_as"}, {has.typ, "type"}} {
		if !m.ok {
			missing = append(missing, m.name)
		}
	}
	if len(missing) > 0 {
		return nil, ir.ErrorList{ir.Errorf(o.Pos, nil, "an output without %s", strings.Join(missing, ", "))}
	}
	if o.Written != 0 && o.Written.Count() != o.Components {
		return nil, ir.ErrorList{ir.Errorf(o.Pos, nil, "written %s has %d components, the output %d", o.Written, o.Written.Count(), o.Components)}
	}
	return o, nil
}
