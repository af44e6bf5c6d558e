package repack

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestIndexedExtent: how far an indexed block runs, from six scalar
// outputs o1..o6.
func TestIndexedExtent(t *testing.T) {
	tests := []struct {
		name, body string
		arrays     []string
		general    int
	}{
		{"a defined loop count bounds the block", "defi i0, 2, 0, 1, 0\nloop aL, i0\nmov o[aL + 1].x, c0\nendloop\n", []string{"o[1..2]"}, 3},
		{"a start and a step", "defi i0, 2, 1, 2, 0\nloop aL, i0\nmov o[aL + 1].x, c0\nendloop\n", []string{"o[1..4]"}, 5},
		{"a count the application sets: every register of the width", "loop aL, i3\nmov o[aL + 2].x, c0\nendloop\n", []string{"o[2..6]"}, 6},
		{"up to the next block", "loop aL, i3\nmov o[aL + 1].x, c0\nendloop\nloop aL, i3\nmov o[aL + 4].x, c0\nendloop\n", []string{"o[1..3]", "o[4..6]"}, 6},
		{"a0", "mova a0.x, c0.x\nmov o[a0.x + 5].x, c0\n", []string{"o[5..6]"}, 3},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			var v strings.Builder
			v.WriteString("vs_3_0\ndcl_position o0\n")
			for i := 1; i <= 6; i++ {
				fmt.Fprintf(&v, "dcl_texcoord%d o%d.x\n", i, i)
			}
			v.WriteString("mov o0, c0\n" + tc.body)
			res, err := Pair(parse(t, "a.vsh", v.String()), parse(t, "a.psh", "ps_3_0\nmov oC0, c0\n"), "a.vsh", "a.psh", Options{Portable: true})
			require.NoError(t, err)
			var names []string
			for _, a := range res.VSLayout.Sig.Arrays {
				names = append(names, a.Name)
			}
			assert.Equal(t, tc.arrays, names)
			assert.Equal(t, tc.general, res.VSLayout.GeneralRegisters())
		})
	}
}
