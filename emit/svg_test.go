package emit

import (
	"bytes"
	"encoding/xml"
	"flag"
	"io"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/testenv"
	"github.com/shpack/shpack/ir"
)

var update = flag.Bool("update", false, "rewrite golden files")

// wellFormed checks that doc is one well-formed XML document whose root is
// an SVG 1.1 svg element.
func wellFormed(t *testing.T, doc []byte) {
	t.Helper()
	d := xml.NewDecoder(bytes.NewReader(doc))
	root := ""
	for {
		tok, err := d.Token()
		if err == io.EOF {
			break
		}
		require.NoError(t, err)
		if se, ok := tok.(xml.StartElement); ok && root == "" {
			root = se.Name.Local
			assert.Equal(t, "http://www.w3.org/2000/svg", se.Name.Space)
			var version string
			for _, a := range se.Attr {
				if a.Name.Local == "version" {
					version = a.Value
				}
			}
			assert.Equal(t, "1.1", version)
		}
	}
	assert.Equal(t, "svg", root)
}

// TestRegisterMap pins the SVG of a small layout (POSITION0, PSIZE, a
// centroid member sharing a register) and of two panels side by side, and
// checks both are well-formed SVG 1.1 and the same bytes on every run.
func TestRegisterMap(t *testing.T) {
	l := layout()
	for _, c := range []struct {
		name    string
		panels  []MapPanel
		columns int
	}{
		{"one", []MapPanel{{"vs_3_0 outputs", l}}, 0},
		{"two", []MapPanel{{"left", l}, {"right", l}}, 2},
		{"stacked", []MapPanel{{"base", l}, {"fog", l}, {"full", l}}, 1},
	} {
		t.Run(c.name, func(t *testing.T) {
			var a, b bytes.Buffer
			require.NoError(t, RegisterMap(&a, "VS_OUTPUT: 1 of 10 general registers", "a.fx, strategy optimal", c.panels, c.columns))
			require.NoError(t, RegisterMap(&b, "VS_OUTPUT: 1 of 10 general registers", "a.fx, strategy optimal", c.panels, c.columns))
			assert.Equal(t, a.String(), b.String(), "deterministic")
			wellFormed(t, a.Bytes())
			testenv.Golden(t, filepath.Join("testdata", "map_"+c.name+".svg"), a.Bytes(), *update)
		})
	}
}

// TestRegisterMapLongNames checks that a label too long for its box has
// its member name cut with an ellipsis while the semantic stays whole, that
// the tooltip keeps the whole name, and that text is escaped.
func TestRegisterMapLongNames(t *testing.T) {
	l := layout()
	long := "a_member_name_far_too_long_for_one_component<&>"
	l.Sig.Elements[2].Name = long
	var b bytes.Buffer
	require.NoError(t, RegisterMap(&b, "T", "", []MapPanel{{"h", l}}, 0))
	wellFormed(t, b.Bytes())
	doc := b.String()
	assert.Contains(t, doc, "<title>a_member_name_far_too_long_for_one_component&lt;&amp;&gt; : FOG0")
	assert.Regexp(t, `>a_mem[a-z_]*… : FOG0</text>`, doc)
	assert.NotContains(t, doc, "<&>")
}

// TestRegisterMapNeedsLayout checks the error for no panels.
func TestRegisterMapNeedsLayout(t *testing.T) {
	assert.Error(t, RegisterMap(io.Discard, "T", "", nil, 0))
}

// TestMapTitlesFixed checks the title of a register file with fixed
// registers, which has no general-register budget to count against.
func TestMapTitlesFixed(t *testing.T) {
	f, err := ir.LookupRegisterFile("vs_2_0", ir.Out)
	require.NoError(t, err)
	l := &ir.Layout{Sig: &ir.Signature{Name: "V"}, File: f, Strategy: "fixed", LowerBound: -1,
		Place: []ir.Placement{{Reg: ir.Reg{Kind: ir.RegOPos}, Mask: ir.MaskXYZW}, {Reg: ir.Reg{Kind: ir.RegOT, Num: 0}, Mask: ir.MaskRun(0, 2)}}}
	title, sub := MapTitles(l, "a.fx")
	assert.Equal(t, "V: 2 registers of vs_2_0 outputs", title)
	assert.Equal(t, "a.fx, strategy fixed, one declaration per member", sub)
}

// TestRegisterMapControlCharacters: a file name with control characters or
// bytes that are not UTF-8 (\x01, ESC, \xff) gives a well-formed document:
// XML 1.0 cannot hold them even escaped, so they show as U+FFFD.
func TestRegisterMapControlCharacters(t *testing.T) {
	var b bytes.Buffer
	require.NoError(t, RegisterMap(&b, "V in a\x01b\x1b.hlsl", "a\xffb.hlsl, strategy optimal", []MapPanel{{"h\x7f\x00", layout()}}, 0))
	wellFormed(t, b.Bytes())
	assert.Contains(t, b.String(), "V in a\uFFFDb\uFFFD.hlsl")
	assert.Contains(t, b.String(), "a\uFFFDb.hlsl")
}
