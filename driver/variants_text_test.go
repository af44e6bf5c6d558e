package driver_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/driver"
)

// TestParseVariantsText: a variants file saved by an editor reads as a
// source does (a UTF-8 byte order mark, CRLF or CR alone), UTF-16 is
// refused saying so, and a definition the preprocessor would refuse at
// <command-line> is refused in the variants file, at its column.
func TestParseVariantsText(t *testing.T) {
	for _, tc := range []struct {
		name, src string
		want      []string // the variants' lines:columns, when it reads
		err       string
	}{
		{"byte order mark", "\xEF\xBB\xBFbase:\nfog: -DFOG\n", []string{"v.txt:1:1", "v.txt:2:1"}, ""},
		{"CR alone", "base:\rfog: -DFOG\r\r  x: -DX\r", []string{"v.txt:1:1", "v.txt:2:1", "v.txt:4:3"}, ""},
		{"byte order mark and CRLF", "\xEF\xBB\xBFbase:\r\nfog: -DFOG\r\n", []string{"v.txt:1:1", "v.txt:2:1"}, ""},
		{"function-like and plain values", "a: -DF(x)=x*2 -DN=1.5 -DS=-2 -D P\n", []string{"v.txt:1:1"}, ""},
		{"UTF-16", "\xFF\xFEb\x00:\x00", nil, "v.txt:1:1: error: the variants file is UTF-16 (its byte order mark says so); shpack reads variants files in UTF-8, as sources: save it as UTF-8"},
		{"-D=1", "base:\na: -D=1\n", nil, `v.txt:2:6: error: variant a: -D=1: "" is not a macro name (a definition is -DNAME or -DNAME=VALUE)`},
		{"-D 1X apart", "a: -DFOG -D 1X\n", nil, `v.txt:1:13: error: variant a: -D1X: "1X" is not a macro name (a definition is -DNAME or -DNAME=VALUE)`},
		{"defined", "a: -Ddefined=1\n", nil, `v.txt:1:6: error: variant a: -Ddefined=1: "defined" cannot be used as a macro name`},
		{"an unclosed quote", "a: -DX=\"abc\n", nil, "v.txt:1:8: error: variant a: -DX=\"abc: unterminated string"},
		{"after a CR alone", "base:\ra: -D=1\r", nil, `v.txt:2:6: error: variant a: -D=1: "" is not a macro name (a definition is -DNAME or -DNAME=VALUE)`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			vars, err := driver.ParseVariants("v.txt", []byte(tc.src))
			if tc.err != "" {
				require.Error(t, err)
				assert.Equal(t, tc.err, err.Error())
				return
			}
			require.NoError(t, err)
			var got []string
			for _, v := range vars {
				got = append(got, v.Pos.String())
			}
			assert.Equal(t, tc.want, got)
		})
	}
}

// TestRewriteVariantsRewrittenInSome: a vertex shader that some variants
// rewrite and others do not is named where it is (the adversarial pass
// found the file only; here a variant leaves NUMCASCADES, an array's
// size, undefined).
func TestRewriteVariantsRewrittenInSome(t *testing.T) {
	src, err := os.ReadFile(filepath.Join("..", "corpus", "variants", "lit.hlsl"))
	require.NoError(t, err)
	vars, err := driver.ParseVariants("t.variants", []byte("v0: -DFOG -DSHADOW -DNUMCASCADES=4 -DSPECULAR\nv1: -DSHADOW -DNUMCASC\n"))
	require.NoError(t, err)
	_, err = driver.Rewrite([]driver.Source{{Name: "lit.hlsl", Src: src}}, driver.RewriteOptions{VSEntry: "VS", PSEntry: "PS", Variants: vars})
	require.Error(t, err)
	assert.Equal(t, "lit.hlsl:28:1: error: VS is rewritten in 1 of the 2 variants of t.variants: each variant must have the same pairs", err.Error())
}
