package report

import (
	"bytes"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/pack"
)

// TestWriteTableNames: a file or signature name with a tab, a newline or
// bytes that are not UTF-8 is quoted, so that the table keeps one row per
// result and its columns; other names are written as they are.
func TestWriteTableNames(t *testing.T) {
	res := []pack.Result{{Strategy: "optimal", GeneralRegisters: 2, Fits: true, LowerBound: 2, Optimal: true}}
	for _, tc := range []struct{ file, name, wantFile, wantName string }{
		{"a.hlsl", "VS_OUT", "a.hlsl", "VS_OUT"},
		{"dir with space/ü.hlsl", "VS", "dir with space/ü.hlsl", "VS"},
		{"a\nb.hlsl", "VS", `"a\nb.hlsl"`, "VS"},
		{"a\tb.hlsl", "V\tS", `"a\tb.hlsl"`, `"V\tS"`},
		{"bad\xff.hlsl", "VS", `"bad\xff.hlsl"`, "VS"},
		{"cr\r.hlsl", "VS", `"cr\r.hlsl"`, "VS"},
	} {
		t.Run(tc.wantFile, func(t *testing.T) {
			var b bytes.Buffer
			require.NoError(t, WriteTable(&b, []Entry{{File: tc.file, Kind: "struct", Name: tc.name, Results: res}}, false))
			lines := strings.Split(b.String(), "\n")
			require.GreaterOrEqual(t, len(lines), 2)
			assert.Equal(t, []string{"file", "signature", "strategy", "registers", "fits", "bound", "optimal", "wasted", "prefix-stable", "moved"}, strings.Fields(lines[0]))
			assert.True(t, strings.HasPrefix(lines[1], tc.wantFile+" "), "%q", lines[1])
			assert.Contains(t, lines[1], " "+tc.wantName+" ")
			assert.Equal(t, "", lines[2], "one row per result")
		})
	}
}
