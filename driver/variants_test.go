package driver_test

import (
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/driver"
)

func TestParseVariants(t *testing.T) {
	vars, err := driver.ParseVariants("v.txt", []byte("# header\n\nbase:\n  fog : -DFOG -D BONES=4 # skinned\r\nx.y-z: -DA=1\n"))
	require.NoError(t, err)
	require.Len(t, vars, 3)
	assert.Equal(t, driver.Variant{Name: "fog", Defines: []string{"FOG", "BONES=4"}, Pos: vars[1].Pos}, vars[1])
	assert.Equal(t, "v.txt:4:3", vars[1].Pos.String())
	assert.Empty(t, vars[0].Defines)

	tests := []struct{ src, want string }{
		{"", "v.txt: error: no variants (one a line: NAME: -DFOO -DBAR=2)"},
		{"a b: -DX", `v.txt:1:1: error: variant name "a b": use letters, digits, '_', '-' and '.' (it names output files)`},
		{"a: -DX -DX Y -DZ", `v.txt:1:12: error: variant a: "Y" is not a definition (-DNAME or -DNAME=VALUE)`},
		{"a: -D", `v.txt:1:4: error: variant a: "-D" is not a definition (-DNAME or -DNAME=VALUE)`},
	}
	for _, tc := range tests {
		_, err := driver.ParseVariants("v.txt", []byte(tc.src))
		require.Error(t, err, tc.src)
		assert.Equal(t, tc.want, err.Error(), tc.src)
	}
}

// TestParseVariantsLongLine: a line longer than any buffer (2 MiB of
// definitions) is read like any other.
func TestParseVariantsLongLine(t *testing.T) {
	long := "big:" + strings.Repeat(" -DX=1", 2<<20/6) + "\nsmall: -DY\n"
	vars, err := driver.ParseVariants("v.txt", []byte(long))
	require.NoError(t, err)
	require.Len(t, vars, 2)
	assert.Len(t, vars[0].Defines, 2<<20/6)
	assert.Equal(t, "v.txt:2:1", vars[1].Pos.String())
}

// TestParseVariantsRedefinition: a macro a line defines twice with
// different values is a warning (the last counts, as with gcc's -D).
func TestParseVariantsRedefinition(t *testing.T) {
	vars, err := driver.ParseVariants("v.txt", []byte("a: -DN=2 -DN=4 -DM -DM\n"))
	require.NoError(t, err)
	require.Len(t, vars[0].Warnings, 1)
	assert.Equal(t, "v.txt:1:1: warning: variant a defines N twice (-DN=2, then -DN=4): the last counts", vars[0].Warnings[0].Error())
}

// FuzzParseVariants: any input parses or fails with positioned errors,
// never a panic, and parsed names are valid file-name parts.
func FuzzParseVariants(f *testing.F) {
	f.Add([]byte("base:\nfog: -DFOG -D X=1 # c\n"))
	f.Add([]byte("a\n:b\n a: -Dx -D\n"))
	f.Fuzz(func(t *testing.T, src []byte) {
		vars, err := driver.ParseVariants("v.txt", src)
		if err != nil {
			return
		}
		for _, v := range vars {
			if v.Name == "" || v.Pos.Line <= 0 {
				t.Fatalf("bad variant %+v", v)
			}
		}
	})
}
