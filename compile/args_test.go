package compile

import (
	"errors"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestParseArgs: every form of fxc's command line the issue lists: '/' and
// '-', values attached or separate, response files, unknown options passed
// on, an absolute Unix path told from an option.
func TestParseArgs(t *testing.T) {
	files := map[string]string{
		"resp.txt":  `/T ps_3_0 "/D NAME=a b" @more.txt`,
		"more.txt":  "/I inc2 /O3",
		"loop.txt":  "@loop.txt",
		"open.txt":  `/D "A`,
		"/abs/x.fx": "",
	}
	read := func(p string) ([]byte, error) {
		if s, ok := files[p]; ok {
			return []byte(s), nil
		}
		return nil, errors.New("no such file")
	}
	isFile := func(p string) bool { _, ok := files[p]; return ok }
	tests := []struct {
		name string
		args []string
		want Args
		err  string
	}{
		{"separate", []string{"/T", "vs_3_0", "/E", "VS", "/Fo", "o.vso", "a.fx"},
			Args{Profile: "vs_3_0", Entry: "VS", Fo: "o.vso", Source: "a.fx"}, ""},
		{"attached", []string{"/Tvs_3_0", "/EVS", "/Foo.vso", "/Fcl.asm", "/Fhh.h", "/Vng_x", "/Fee.txt", "a.fx"},
			Args{Profile: "vs_3_0", Entry: "VS", Fo: "o.vso", Fc: "l.asm", Fh: "h.h", Vn: "g_x", Fe: "e.txt", Source: "a.fx"}, ""},
		{"dash", []string{"-T", "ps_3_0", "-Emain", "-DFOG", "-D", "N=2", "-Iinc", "-I", "inc2", "a.fx"},
			Args{Profile: "ps_3_0", Entry: "main", Defines: []string{"FOG", "N=2"}, Includes: []string{"inc", "inc2"}, Source: "a.fx"}, ""},
		{"flags passed on", []string{"/nologo", "/O0", "/O1", "/O2", "/O3", "/Od", "/Zi", "/Zpr", "/Zpc", "/Gec", "/WX", "/Ni", "/Cc", "/Qunknown", "-Fdpdb", "/T", "fx_2_0", "e.fx"},
			Args{Profile: "fx_2_0", Entry: "main", Source: "e.fx",
				Flags: []string{"/nologo", "/O0", "/O1", "/O2", "/O3", "/Od", "/Zi", "/Zpr", "/Zpc", "/Gec", "/WX", "/Ni", "/Cc", "/Qunknown", "-Fd", "pdb"}}, ""},
		{"response file", []string{"@resp.txt", "/E", "PS", "a.fx"},
			Args{Profile: "ps_3_0", Entry: "PS", Defines: []string{"NAME=a b"}, Includes: []string{"inc2"}, Flags: []string{"/O3"}, Source: "a.fx"}, ""},
		{"absolute path", []string{"/T", "vs_3_0", "/abs/x.fx"}, Args{Profile: "vs_3_0", Entry: "main", Source: "/abs/x.fx"}, ""},
		{"no source", []string{"/T", "vs_3_0"}, Args{}, "no source file"},
		{"two sources", []string{"/T", "vs_3_0", "a.fx", "b.fx"}, Args{}, "one source file"},
		{"no profile", []string{"a.fx"}, Args{}, "no target profile"},
		{"value missing", []string{"a.fx", "/T"}, Args{}, "/T needs a value"},
		{"response loop", []string{"@loop.txt"}, Args{}, "nested more than 8 deep"},
		{"response quote", []string{"@open.txt"}, Args{}, "a quote is not closed"},
		{"response missing", []string{"@none.txt"}, Args{}, "response file none.txt"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ParseArgs(tc.args, read, isFile)
			if tc.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, *got)
		})
	}
}

// TestMapDiagnostics: the compiler's messages about the file shpack handed
// it go back to the user's lines, in fxc's format, whatever dialect the
// compiler prints and whether it honoured #line.
func TestMapDiagnostics(t *testing.T) {
	text := "a\n#line 10 \"user.fx\"\nb\nc\n#line 3 \"inc.fxh\"\nd\n"
	m := mapOfText(text, "user.fx")
	out := "/tmp/x/shpack-user.fx(4,5): error X3004: undeclared identifier 'c'\n" +
		"/tmp/x/shpack-user.fx:6:2: E5005: Identifier \"d\" is not declared.\n" +
		"Z:\\tmp\\x\\shpack-user.fx(1,1-3): warning X3206: implicit truncation\n" +
		"user.fx(11,7): error X3000: already at the user's line\n" +
		"compilation failed; no code produced in /tmp/x/shpack-user.fx\n"
	var got []string
	for _, d := range mapDiagnostics(out, "/tmp/x/shpack-user.fx", "user.fx", m) {
		got = append(got, d.String())
	}
	assert.Equal(t, []string{
		"user.fx(11,5): error X3004: undeclared identifier 'c'",
		"inc.fxh(3,2): error E5005: Identifier \"d\" is not declared.",
		"user.fx(1,1): warning X3206: implicit truncation",
		"user.fx(11,7): error X3000: already at the user's line",
		"compilation failed; no code produced in user.fx",
	}, got)
}
