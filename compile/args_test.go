package compile

import (
	"bytes"
	"errors"
	"os"
	"strings"
	"testing"
	"unicode/utf16"

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
	for _, d := range mapDiagnostics(out, "/tmp/x/shpack-user.fx", "user.fx", m, strings.NewReplacer("/tmp/x/shpack-user.fx", "user.fx")) {
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

// utf16File encodes text as UTF-16 with its byte order mark, as Windows
// editors save it.
func utf16File(text string, bigEndian bool) []byte {
	out := []byte{0xFF, 0xFE}
	if bigEndian {
		out = []byte{0xFE, 0xFF}
	}
	for _, u := range utf16.Encode([]rune(text)) {
		if bigEndian {
			out = append(out, byte(u>>8), byte(u))
		} else {
			out = append(out, byte(u), byte(u>>8))
		}
	}
	return out
}

// TestResponseWords: a response file read as fxc reads it (issue 40 item
// 5): CRLF line ends, quoted paths with spaces (backslashes kept), a
// UTF-8 byte order mark that is no part of the first flag, UTF-16 in
// either byte order (what Windows editors write).
func TestResponseWords(t *testing.T) {
	const text = "/T vs_3_0\r\n/E main\r\n/I \"C:\\My Shaders\\inc\\\"\r\n\"/Fo out dir\\o.vso\" /D\tA=1\r\n\"my shader.hlsl\"\r\n"
	want := []string{"/T", "vs_3_0", "/E", "main", "/I", `C:\My Shaders\inc\`, `/Fo out dir\o.vso`, "/D", "A=1", "my shader.hlsl"}
	tests := []struct {
		name string
		data []byte
		want []string
		err  string
	}{
		{"CRLF and quotes", []byte(text), want, ""},
		{"UTF-8 with BOM", append([]byte{0xEF, 0xBB, 0xBF}, text...), want, ""},
		{"UTF-16 LE", utf16File(text, false), want, ""},
		{"UTF-16 BE", utf16File(text, true), want, ""},
		{"UTF-16 non-ASCII", utf16File(`/D NAME=é "/I C:\Üben"`, false), []string{"/D", "NAME=é", `/I C:\Üben`}, ""},
		{"empty", nil, nil, ""},
		{"BOM alone", []byte{0xEF, 0xBB, 0xBF}, nil, ""},
		{"empty quotes", []byte(`/D "" x`), []string{"/D", "", "x"}, ""},
		{"UTF-16 odd", []byte{0xFF, 0xFE, '/', 0, 'T'}, nil, "odd number of bytes"},
		{"quote open", []byte(`/I "C:\x`), nil, "a quote is not closed"},
	}
	for _, tc := range tests {
		t.Run(tc.name, func(t *testing.T) {
			got, err := ResponseWords(tc.data)
			if tc.err != "" {
				require.Error(t, err)
				assert.Contains(t, err.Error(), tc.err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

// TestResponseBounded: a response file is bounded as sources are (issue
// 40 item 5: @/dev/zero read until the runtime died of memory), alone
// and together with the response files it names; ReadResponse reads no
// more than one byte over the bound.
func TestResponseBounded(t *testing.T) {
	big := bytes.Repeat([]byte("/DA "), MaxResponseBytes/4)
	files := map[string][]byte{
		"huge.rsp": append(bytes.Clone(big), 'x'),
		"half.rsp": big[:MaxResponseBytes/2+4],
		"both.rsp": []byte("@half.rsp @half.rsp"),
	}
	read := func(p string) ([]byte, error) {
		if d, ok := files[p]; ok {
			return d, nil
		}
		return nil, errors.New("no such file")
	}
	for _, rsp := range []string{"@huge.rsp", "@both.rsp"} {
		_, err := ParseArgs([]string{"/T", "vs_3_0", rsp, "a.fx"}, read, nil)
		require.Error(t, err, rsp)
		assert.Contains(t, err.Error(), "at most 16777216 bytes (16 MiB)")
	}
	a, err := ParseArgs([]string{"/T", "vs_3_0", "@half.rsp", "a.fx"}, read, nil)
	require.NoError(t, err)
	assert.Len(t, a.Defines, MaxResponseBytes/8+1)

	if _, err := os.Stat("/dev/zero"); err == nil {
		data, err := ReadResponse("/dev/zero")
		require.NoError(t, err)
		assert.Len(t, data, MaxResponseBytes+1, "read no further than the bound")
		_, err = ParseArgs([]string{"@/dev/zero", "a.fx"}, ReadResponse, nil)
		require.Error(t, err)
		assert.Contains(t, err.Error(), "response file /dev/zero: too large")
	}
}

// TestWriteResponse: shpack's own response file for the compiler (a
// command line too long to pass as it is) reads back as the same words;
// a word it cannot write is an error.
func TestWriteResponse(t *testing.T) {
	words := []string{"/T", "vs_3_0", "/D", "BIG=" + strings.Repeat("1+", 100000) + "1", "/I", `C:\My Shaders\`, "", "/Fo", `Z:\tmp\out dir\o.obj`, "tab\there"}
	data, err := WriteResponse(words)
	require.NoError(t, err)
	assert.Contains(t, string(data), "\r\n", "one word a line, as Windows writes lines")
	got, err := ResponseWords(data)
	require.NoError(t, err)
	assert.Equal(t, words, got)
	for _, bad := range []string{`MSG="hi"`, `"`} {
		_, err := WriteResponse([]string{bad})
		assert.Error(t, err, "%q", bad)
	}
}

// TestProfileVersions: the version tokens a program of each profile
// starts with, as fxc and vkd3d write them: what shpack checks of a
// profile older than Shader Model 3 (issue 40 item 3).
func TestProfileVersions(t *testing.T) {
	for profile, want := range map[string][]uint32{
		"vs_1_1": {0xFFFE0101}, "vs_2_0": {0xFFFE0200}, "vs_2_a": {0xFFFE0201}, "vs_2_sw": {0xFFFE02FF, 0xFFFE0200}, "vs_3_0": {0xFFFE0300},
		"vs_3_sw": {0xFFFE03FF, 0xFFFE0300}, "ps_1_4": {0xFFFF0104}, "ps_2_0": {0xFFFF0200}, "ps_2_a": {0xFFFF0201},
		"ps_2_b": {0xFFFF0201, 0xFFFF0202}, "ps_3_0": {0xFFFF0300},
	} {
		got, ok := profileVersions(profile)
		assert.True(t, ok, profile)
		assert.Equal(t, want, got, profile)
	}
	for _, profile := range []string{"fx_2_0", "vs_4_0", "ps_5_1", "tx_1_0", "vs_2", "vs_3_a", "vs_1_sw", ""} {
		_, ok := profileVersions(profile)
		assert.False(t, ok, profile)
	}
}
