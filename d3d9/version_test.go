package d3d9

import (
	"bytes"
	"encoding/binary"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestVersions: the version lines of Direct3D 9's profiles read, print
// as they read, and are where a program's profile is positioned; others
// (ps_3_3, vs_1_4, vs_2_b) are refused at their line and column, in
// assembly and as bytecode's version token.
func TestVersions(t *testing.T) {
	for _, tc := range []struct{ line, print string }{
		{"vs_1_1", "vs_1_1"}, {"ps_1_4", "ps_1_4"}, {"vs_2_0", "vs_2_0"}, {"vs_2_x", "vs_2_x"}, {"vs_2_a", "vs_2_x"},
		{"ps_2_b", "ps_2_x"}, {"ps_2_2", "ps_2_2"}, {"vs_2_sw", "vs_2_sw"}, {"vs.3.0", "vs_3_0"}, {"PS_3_0", "ps_3_0"},
		{"vs_3_sw", "vs_3_sw"}, {"ps_3_sw", "ps_3_sw"},
	} {
		t.Run(tc.line, func(t *testing.T) {
			p, err := Parse("f.asm", []byte("// a listing\n\n  "+tc.line+"\n"))
			require.NoError(t, err)
			assert.Equal(t, tc.print, p.Profile())
			assert.Equal(t, [2]int{3, 3}, [2]int{p.Line, p.Col}, "the version line's position")
			q, err := Parse("g.asm", []byte(p.Profile()+"\n"))
			require.NoError(t, err)
			assert.Equal(t, [2]int{p.Major, p.Minor}, [2]int{q.Major, q.Minor}, "what prints reads back")
		})
	}
	for _, bad := range []string{"ps_3_3", "vs_3_1", "vs_1_4", "ps_1_0", "vs_2_b", "vs_2_2", "vs_3_x", "vs_1_x", "ps_4_0", "vs_3_00"} {
		t.Run(bad, func(t *testing.T) {
			_, err := Parse("f.asm", []byte("\n  "+bad+"\nmov r0, c0\n"))
			require.Error(t, err)
			assert.True(t, strings.HasPrefix(err.Error(), "f.asm:2:3: error: unknown version \""+bad+"\": Direct3D 9's are"), "%v", err)
		})
	}
	// Bytecode: the version token, ps_3_3 (0xFFFF0303) refused.
	for _, tc := range []struct {
		token uint32
		ok    bool
	}{{0xFFFE0300, true}, {0xFFFF0300, true}, {0xFFFE03FF, true}, {0xFFFF0201, true}, {0xFFFF0202, true}, {0xFFFE0200, true},
		{0xFFFF0303, false}, {0xFFFE0301, false}, {0xFFFE0202, false}, {0xFFFE0205, false}} {
		var b bytes.Buffer
		binary.Write(&b, binary.LittleEndian, []uint32{tc.token, uint32(OpEnd)})
		p, err := Decode("f.cso", b.Bytes())
		if tc.ok {
			assert.NoError(t, err, "%#x", tc.token)
			enc, err := Encode(p)
			require.NoError(t, err)
			assert.Equal(t, b.Bytes(), enc)
			continue
		}
		require.Error(t, err, "%#x", tc.token)
		assert.Contains(t, err.Error(), "f.cso: error: token 0: version ")
		assert.Contains(t, err.Error(), "is no Direct3D 9 profile")
	}
}

// TestDecodeDeclarations: a dcl whose usage is none of D3DDECLUSAGE's
// (the adversarial pass changed one token: "semantic Usage(30)" went on to
// repack) or a sampler without a texture type is refused at its token.
func TestDecodeDeclarations(t *testing.T) {
	for _, tc := range []struct {
		usage uint32
		reg   uint32 // the dcl's register token
		want  string
	}{
		{30, 0x900F0000, "f.cso: error: token 1: dcl: usage 30 is not a D3DDECLUSAGE (0 to 13)"},
		{14, 0x900F0000, "f.cso: error: token 1: dcl: usage 14 is not a D3DDECLUSAGE (0 to 13)"},
		{0, 0xA00F0800, "f.cso: error: token 1: dcl: texture type 0 of s0 is not 2d, cube or volume"},
		{7 << 27, 0xA00F0800, "f.cso: error: token 1: dcl: texture type 7 of s0 is not 2d, cube or volume"},
	} {
		var b bytes.Buffer
		binary.Write(&b, binary.LittleEndian, []uint32{0xFFFF0300, uint32(OpDcl) | 2<<24, 1<<31 | tc.usage, 1<<31 | tc.reg, uint32(OpEnd)})
		_, err := Decode("f.cso", b.Bytes())
		require.Error(t, err)
		assert.Equal(t, tc.want, err.Error())
	}
}
