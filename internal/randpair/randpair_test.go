package randpair

import (
	"bytes"
	"math"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/check"
	"github.com/shpack/shpack/d3d9"
)

const testPairs = 400

// TestGenerateDeterministic: a seed and an index make one pair, byte for
// byte; other indices make other pairs.
func TestGenerateDeterministic(t *testing.T) {
	a := Generate(7, 3).Archive("")
	assert.Equal(t, string(a), string(Generate(7, 3).Archive("")))
	assert.NotEqual(t, string(a), string(Generate(7, 4).Archive("")))
	assert.NotEqual(t, string(a), string(Generate(8, 3).Archive("")))
}

// TestGenerateValues: the values are distinct, exact in float32, COLOR's
// inside (0, 1) and the others outside [0, 1]; every slot a pixel shader
// fills holds a vertex constant, or 0/1 for a wider input's z/w.
func TestGenerateValues(t *testing.T) {
	for i := range testPairs {
		p := Generate(1, i)
		seen := map[float64]string{}
		for _, m := range p.Members[1:] {
			for _, e := range m.Elements {
				for c := range e.Width {
					v := e.Values[c]
					require.Equal(t, v, float64(float32(v)), "%s: %s not exact in float32", p.Name, m.Name)
					switch {
					case m.Usage == "PSIZE" || m.Scalar == "bool":
						continue
					case m.Usage == "COLOR":
						assert.True(t, v > 0 && v < 1, "%s: %s = %g", p.Name, m.Name, v)
					default:
						assert.Greater(t, math.Abs(v), 1.0, "%s: %s", p.Name, m.Name)
					}
					if prev, dup := seen[v]; dup {
						t.Errorf("%s: %g is both %s and %s", p.Name, v, prev, m.Name)
					}
					seen[v] = m.Name
				}
			}
		}
		require.Equal(t, len(p.PSEntries), len(p.Want), p.Name)
		require.Equal(t, len(p.PSEntries), len(p.PSAsm), p.Name)
		require.NotEmpty(t, p.PSEntries, p.Name)
		for k, want := range p.Want {
			require.Len(t, want, 16)
			nonzero := 0
			for _, v := range want {
				if _, ok := seen[v]; ok || v == 0 || v == 1 {
					if v != 0 {
						nonzero++
					}
					continue
				}
				t.Errorf("%s: PS %d draws %g, which no member holds", p.Name, k, v)
			}
			assert.Positive(t, nonzero, "%s: PS %d reads nothing", p.Name, k)
		}
	}
}

// TestGenerateMix: the batch has every feature the test is meant to
// exercise, and no signature that does not pack into vs_3_0.
func TestGenerateMix(t *testing.T) {
	count := map[string]int{}
	for i := range testPairs {
		p := Generate(2, i)
		flag := func(on bool, name string) {
			if on {
				count[name]++
			}
		}
		flag(p.Overflows, "overflows")
		flag(!p.Overflows, "fits")
		flag(p.Effect, "effect")
		flag(p.Prepacked, "prepacked")
		flag(p.WiderReads, "wider")
		flag(p.WineHLSL, "wine")
		flag(len(p.PSEntries) > 1, "several pixel shaders")
		var general []*Member
		for _, m := range p.Members[1:] {
			if m.General() {
				general = append(general, m)
			}
			switch {
			case m.Kind == Array:
				count["array"]++
			case m.Kind == Matrix && m.RowMajor:
				count["row_major"]++
			case m.Kind == Matrix:
				count["column_major"]++
			case m.Scalar == "int", m.Scalar == "bool":
				count[m.Scalar]++
			case m.Usage == "COLOR", m.Usage == "FOG", m.Usage == "PSIZE", m.Usage == "NORMAL":
				count[m.Usage]++
			default:
				count["float"+string(rune('0'+m.Width))]++
			}
			flag(m.Param, "out parameter")
			flag(m.InOut, "inout parameter")
		}
		assert.True(t, fits(general), "%s does not pack into 10 registers", p.Name)
		for _, s := range []string{"struct PS0_IN", "VS_OUT i", "float4 VS(", "SV_Target", "p_"} {
			if strings.Contains(p.HLSL, s) {
				count[s]++
			}
		}
	}
	for _, f := range []string{"overflows", "fits", "effect", "prepacked", "wider", "wine", "several pixel shaders",
		"array", "row_major", "column_major", "int", "bool", "COLOR", "FOG", "PSIZE", "NORMAL",
		"float1", "float2", "float3", "float4", "out parameter", "inout parameter",
		"struct PS0_IN", "VS_OUT i", "float4 VS(", "SV_Target", "p_"} {
		assert.Positive(t, count[f], "no pair has %s", f)
	}
	t.Logf("%d pairs: %v", testPairs, count)
}

// TestGenerateAssembly: the assembly parses and encodes; a vertex shader
// past o11 is one repack takes (check.Overflowing: no gap below); a pair
// within o11 that reads nothing unwritten breaks no rule of shpack check
// (linkage included: the pixel shaders group a packed-by-hand register as
// the vertex shader does).
func TestGenerateAssembly(t *testing.T) {
	for i := range testPairs {
		p := Generate(3, i)
		vs, err := d3d9.Parse("vs.asm", []byte(p.VSAsm))
		require.NoError(t, err, "%s\n%s", p.Name, p.VSAsm)
		_, err = d3d9.Encode(vs)
		require.NoError(t, err, p.Name)
		assert.Empty(t, check.Overflowing(vs, "vs.asm"), p.Name)
		if len(check.Program(vs, "vs.asm")) > 0 {
			continue // past o11
		}
		for k, src := range p.PSAsm {
			ps, err := d3d9.Parse("ps.asm", []byte(src))
			require.NoError(t, err, "%s\n%s", p.Name, src)
			_, err = d3d9.Encode(ps)
			require.NoError(t, err, p.Name)
			if p.WiderReads {
				continue
			}
			rep := check.Programs(vs, ps, "vs.asm", "ps.asm")
			assert.Empty(t, rep.Problems, "%s PS %d\n%s\n%s", p.Name, k, p.VSAsm, src)
		}
	}
}

// TestArchive: a pair comes back from its archive as it was.
func TestArchive(t *testing.T) {
	for i := range 50 {
		p := Generate(4, i)
		data := p.Archive("a note")
		q, note, err := Parse(p.Name, data)
		require.NoError(t, err)
		assert.Equal(t, "a note\n", note)
		p.Members = nil
		assert.Equal(t, p, q)
		assert.Equal(t, string(data), string(q.Archive("a note")))
	}
	_, _, err := Parse("x", []byte("-- pair --\nvs VS\nps PS 1 2\n-- vs.asm --\nvs_3_0\n"))
	assert.ErrorContains(t, err, "16 values")
	_, _, err = Parse("x", []byte("-- pair --\nvs VS\nps PS 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0 0\n"))
	assert.ErrorContains(t, err, "neither")
}

func TestStripTechniques(t *testing.T) {
	src := "float4 VS() : POSITION { return 0; }\n\ntechnique T\n{\n    pass P0 { }\n}\n"
	assert.Equal(t, "float4 VS() : POSITION { return 0; }\n\n", StripTechniques(src))
	assert.Equal(t, "float4 techniqueVS;\n", StripTechniques("float4 techniqueVS;\n"))
	for i := range 50 {
		p := Generate(5, i)
		s := StripTechniques(p.HLSL)
		assert.Equal(t, p.Effect, s != p.HLSL, p.Name)
		assert.NotContains(t, s, "technique", p.Name)
		assert.True(t, bytes.HasPrefix([]byte(p.HLSL), []byte(s)))
	}
}
