package layoutfile

import (
	"os"
	"path/filepath"
	"reflect"
	"regexp"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/testenv"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/pack"
)

// testSig is a vertex output signature with shared registers, a COLOR, a
// centroid output, an int and PSIZE.
func testSig() *ir.Signature {
	sig := &ir.Signature{Name: "VS_OUT", Kind: "struct", Pos: ir.Pos{File: "a.hlsl", Line: 1, Col: 1}}
	add := func(name, sem string, idx, n int, typ ir.ScalarType, mods ir.Modifiers, group uint8) {
		sig.Elements = append(sig.Elements, ir.Element{
			Name: name, Semantic: ir.Semantic{Name: sem, Index: idx, HasIndex: true}, Type: typ, Components: n,
			Mods: mods, Pos: ir.Pos{File: "a.hlsl", Line: len(sig.Elements) + 2, Col: 5}, Array: -1, Group: group, Access: name,
		})
	}
	add("pos", "POSITION", 0, 4, ir.TypeFloat, 0, 0)
	add("uv", "TEXCOORD", 0, 2, ir.TypeFloat, 0, 0)
	add("n", "TEXCOORD", 1, 3, ir.TypeFloat, 0, 0)
	add("depth", "TEXCOORD", 2, 1, ir.TypeFloat, 0, 0)
	add("c", "COLOR", 0, 4, ir.TypeFloat, 0, 0)
	add("cen", "TEXCOORD", 3, 2, ir.TypeFloat, ir.ModCentroid, 0)
	add("id", "TEXCOORD", 4, 1, ir.TypeInt, 0, 1)
	add("size", "PSIZE", 0, 1, ir.TypeFloat, 0, 0)
	return sig
}

func planned(t *testing.T, texcoord bool) *ir.Layout {
	t.Helper()
	l, err := pack.ForFile(pack.Optimal{}, testSig(), ir.VS30Out(), ir.Constraints{Portable: true, TexcoordNames: texcoord})
	require.NoError(t, err)
	return l
}

// TestRoundTrip: a layout written and read back is the same layout, and
// applied to its own signature it places every output where it was.
func TestRoundTrip(t *testing.T) {
	for _, texcoord := range []bool{false, true} {
		l := planned(t, texcoord)
		it, err := FromLayout(l, []string{"VS"}, []string{"PS", "PS2"})
		require.NoError(t, err)
		if texcoord {
			it.Variants = []string{"base", "fog"}
		}
		data := Marshal([]Interface{it})
		f, err := Read("x.layout", data)
		require.NoError(t, err)
		require.Len(t, f.Interfaces, 1)
		got := f.Interfaces[0]
		assert.Equal(t, []string{"VS"}, got.VertexShaders)
		assert.Equal(t, []string{"PS", "PS2"}, got.PixelShaders)
		assert.Equal(t, texcoord, got.Texcoord)
		assert.Equal(t, it.Variants, got.Variants)
		assert.Equal(t, data, Marshal(f.Interfaces), "read and written again: the same bytes")

		vl := got.Layout()
		require.NoError(t, ir.CheckLayout(vl))
		assert.Equal(t, l.Place, vl.Place, "the file's vertex layout places what the plan placed")
		applied, err := got.Apply(testSig(), "x.layout")
		require.NoError(t, err)
		assert.Equal(t, l.Place, applied.Place)
		assert.False(t, applied.Cons.Family)

		// A permutation that writes part of the interface keeps the places.
		part := testSig()
		part.Elements = append(part.Elements[:2], part.Elements[3:]...)
		applied, err = got.Apply(part, "x.layout")
		require.NoError(t, err)
		assert.Equal(t, append(l.Place[:2:2], l.Place[3:]...), applied.Place)
		assert.True(t, applied.Cons.Family)
	}
}

// TestDerivedAsLinked: a pixel shader derived from the file's layout
// reads what it reads derived from the vertex shader's own.
func TestDerivedAsLinked(t *testing.T) {
	l := planned(t, false)
	it, err := FromLayout(l, []string{"VS"}, nil)
	require.NoError(t, err)
	f, err := Read("x.layout", Marshal([]Interface{it}))
	require.NoError(t, err)
	ps := testSig()
	ps.Dir = ir.In
	ps.Elements = []ir.Element{ps.Elements[3], ps.Elements[1], ps.Elements[5]}
	psFile, err := ir.LookupRegisterFile("ps_3_0", ir.In)
	require.NoError(t, err)
	want, err := pack.Derive(l, ps, psFile)
	require.NoError(t, err)
	got, err := pack.Derive(f.Interfaces[0].Layout(), ps, psFile)
	require.NoError(t, err)
	assert.Equal(t, want.Place, got.Place)
}

func TestFind(t *testing.T) {
	l := planned(t, false)
	a, _ := FromLayout(l, []string{"VSA"}, []string{"PS"})
	b, _ := FromLayout(l, []string{"VSB"}, []string{"PS", "PSB"})
	f := &File{Name: "x.layout", Interfaces: []Interface{a, b}}
	it, err := f.Find("VSB", ir.Vertex)
	require.NoError(t, err)
	assert.Equal(t, []string{"VSB"}, it.VertexShaders)
	_, err = f.Find("PS", ir.Pixel)
	assert.ErrorContains(t, err, "2 interfaces of the layout file are planned for pixel shader PS")
	all, err := f.FindAll("PS", ir.Pixel)
	require.NoError(t, err)
	assert.Len(t, all, 2)
	_, err = f.Find("main", ir.Vertex)
	assert.ErrorContains(t, err, "no interface of the layout file is planned for vertex shader main (it holds 2: (VSA, PS), (VSB, PS, PSB))")
	one := &File{Name: "x.layout", Interfaces: []Interface{a}}
	it, err = one.Find("anything", ir.Pixel)
	require.NoError(t, err)
	assert.Equal(t, &one.Interfaces[0], it)
}

// TestReadErrors: each fault at its line and column.
func TestReadErrors(t *testing.T) {
	it, err := FromLayout(planned(t, false), []string{"VS"}, nil)
	require.NoError(t, err)
	good := string(Marshal([]Interface{it}))
	for _, c := range []struct {
		name, from, to, want string
	}{
		{"not JSON", good, "hello", "x.layout:1:1: error: invalid character 'h'"},
		{"empty", good, "", "x.layout:1:1: error: the file ends where the layout file (an object) should be"},
		{"array", good, "[]", "x.layout:1:1: error: the layout file (an object) should be here, not '['"},
		{"no schema", `"schema": "shpack.interface/1",`, "", `x.layout:1:1: error: not a layout file: no "schema": "shpack.interface/1"`},
		{"twice", `"schema": "shpack.interface/1",`, `"schema": "shpack.interface/1", "schema": "x",`, `x.layout:2:35: error: the layout file has "schema" twice`},
		{"trailing", "]\n}\n", "]\n}\n{}", "x.layout:24:1: error: text after the layout file's object"},
		{"mask", `"mask":"xy"`, `"mask":"xz"`, `error: mask "xz": contiguous components`},
		{"semantic", `"semantic":"TEXCOORD0"`, `"semantic":"TEXCOORD"`, `error: semantic "TEXCOORD": a Direct3D 9 semantic with its index`},
		{"index", `"semantic":"TEXCOORD0"`, `"semantic":"TEXCOORD16"`, `error: semantic "TEXCOORD16"`},
		{"type", `"type":"float"}`, `"type":"quad"}`, `error: type "quad"`},
		{"modifier", `"type":"float"}`, `"type":"float","modifiers":"smooth"}`, `error: modifier "smooth"`},
		{"components", `"components":2`, `"components":5`, "error: components 5: 1 to 4"},
		{"components type", `"components":2`, `"components":"2"`, "error: components should be a whole number, not string"},
		{"missing", `,"declared_as":"POSITION0"`, ``, "error: an output without declared_as"},
		{"register count", `"general_registers": `, `"general_registers": 9`, "error: general_registers is 9, but the outputs use"},
		{"register count negative", `"general_registers": `, `"general_registers": -3`, "x.layout:10:28: error: general_registers -3: 0 to 10 (vs_3_0 has ten)"},
		{"no shaders", `"vertex_shaders": ["VS"]`, `"vertex_shaders": []`, "x.layout:4:5: error: interface 1 names no vertex_shaders and no pixel_shaders"},
		{"semantics", `"semantics": "member"`, `"semantics": "fancy"`, `error: semantics "fancy": member or texcoord`},
	} {
		t.Run(c.name, func(t *testing.T) {
			src := strings.Replace(good, c.from, c.to, 1)
			if strings.HasPrefix(c.name, "register count") {
				src = regexp.MustCompile(`"general_registers": \d+`).ReplaceAllString(good, c.to)
			}
			f, err := Read("x.layout", []byte(src))
			require.Error(t, err, src)
			assert.Nil(t, f)
			require.NotNil(t, ir.Errors(err), "an ir.ErrorList: %v", err)
			assert.Contains(t, err.Error(), c.want)
		})
	}
}

// TestJSONDocumented: every field of the document is in docs/json.md, and
// the schema is in its table.
func TestJSONDocumented(t *testing.T) {
	data, err := os.ReadFile(filepath.Join(testenv.Root(t), "docs", "json.md"))
	require.NoError(t, err)
	doc := string(data)
	assert.Contains(t, doc, "| `"+Schema+"` |")
	for _, v := range []any{jsonFile{}, jsonInterface{}, jsonOutput{}} {
		rt := reflect.TypeOf(v)
		for i := range rt.NumField() {
			tag := strings.Split(rt.Field(i).Tag.Get("json"), ",")[0]
			assert.Contains(t, doc, "| `"+tag+"` |", "%s.%s is not described in docs/json.md", rt.Name(), rt.Field(i).Name)
		}
	}
}

// FuzzRead: any bytes give a File or positioned errors, never a panic; a
// File read is written and read back the same.
func FuzzRead(f *testing.F) {
	it, _ := FromLayout(func() *ir.Layout {
		l, _ := pack.ForFile(pack.Optimal{}, testSig(), ir.VS30Out(), ir.Constraints{Portable: true})
		return l
	}(), []string{"VS"}, []string{"PS"})
	f.Add(Marshal([]Interface{it}))
	f.Add([]byte(`{"schema":"shpack.interface/1","interfaces":[]}`))
	f.Add([]byte(`{"schema":"shpack.interface/1","interfaces":[{"vertex_shaders":["a"],"outputs":[{"semantic":"POSITION0","register":"o0","mask":"xyzw","components":4,"declared_as":"POSITION0","type":"float"}]}]}`))
	f.Fuzz(func(t *testing.T, data []byte) {
		file, err := Read("f", data)
		if err != nil {
			if ir.Errors(err) == nil {
				t.Fatalf("not an ErrorList: %v", err)
			}
			for _, e := range ir.Errors(err) {
				if e.Pos.File != "f" || e.Pos.Line < 1 && e.Pos.Line != 0 {
					t.Fatalf("unpositioned: %v", e)
				}
			}
			return
		}
		again, err := Read("f", Marshal(file.Interfaces))
		if err != nil {
			t.Fatalf("written back, it does not read: %v\n%s", err, Marshal(file.Interfaces))
		}
		if string(Marshal(again.Interfaces)) != string(Marshal(file.Interfaces)) {
			t.Fatal("not stable")
		}
	})
}
