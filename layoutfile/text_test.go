package layoutfile

import (
	"regexp"
	"strconv"
	"strings"
	"testing"
	"unicode/utf16"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/ir"
)

// TestReadText: a layout file saved by an editor reads as written: with a
// UTF-8 byte order mark, with CRLF or CR alone at the ends of its lines
// (errors then at the line an editor shows); UTF-16 is refused, saying so.
func TestReadText(t *testing.T) {
	it, err := FromLayout(planned(t, false), []string{"VS"}, nil)
	require.NoError(t, err)
	good := string(Marshal([]Interface{it}))
	bad := strings.Replace(good, `"semantics": "member"`, `"semantics": "fancy"`, 1)
	badLine := 1 + strings.Count(bad[:strings.Index(bad, `"fancy"`)], "\n")
	at := func(line int) string { return "x.layout:" + strconv.Itoa(line) + ":" }
	utf16le := func(s string) []byte {
		b := []byte{0xFF, 0xFE}
		for _, u := range utf16.Encode([]rune(s)) {
			b = append(b, byte(u), byte(u>>8))
		}
		return b
	}
	for _, c := range []struct {
		name string
		data []byte
		want string // "" reads
	}{
		{"LF", []byte(good), ""},
		{"byte order mark", append([]byte("\xEF\xBB\xBF"), good...), ""},
		{"CRLF", []byte(strings.ReplaceAll(good, "\n", "\r\n")), ""},
		{"CR alone", []byte(strings.ReplaceAll(good, "\n", "\r")), ""},
		{"byte order mark and CR", []byte("\xEF\xBB\xBF" + strings.ReplaceAll(good, "\n", "\r")), ""},
		{"a fault, LF", []byte(bad), at(badLine)},
		{"a fault, CRLF", []byte(strings.ReplaceAll(bad, "\n", "\r\n")), at(badLine)},
		{"a fault, CR alone", []byte(strings.ReplaceAll(bad, "\n", "\r")), at(badLine)},
		{"a fault after a byte order mark", []byte("\xEF\xBB\xBF" + bad), at(badLine)},
		{"general_registers null", []byte(regexp.MustCompile(`"general_registers": \d+`).ReplaceAllString(good, `"general_registers": null`)), "x.layout:10:28: error: general_registers should be a whole number, not null"},
		{"UTF-16", utf16le(good), "x.layout:1:1: error: the layout file is UTF-16 (its byte order mark says so); layout files are UTF-8, as --layout-out writes them: save it as UTF-8"},
	} {
		t.Run(c.name, func(t *testing.T) {
			f, err := Read("x.layout", c.data)
			if c.want == "" {
				require.NoError(t, err)
				require.Len(t, f.Interfaces, 1)
				assert.Equal(t, it.Outputs[0].Register, f.Interfaces[0].Outputs[0].Register)
				return
			}
			require.Error(t, err)
			assert.True(t, strings.HasPrefix(err.Error(), c.want), "%v", err)
		})
	}
}

// TestFindPositions: what Find and FindAll refuse is positioned where the
// file has it: at the interfaces of the file read, at the second interface
// planned for one shader with a note at the first.
func TestFindPositions(t *testing.T) {
	l := planned(t, false)
	a, _ := FromLayout(l, []string{"VSA"}, []string{"PS"})
	b, _ := FromLayout(l, []string{"VSB"}, []string{"PS"})
	f, err := Read("x.layout", Marshal([]Interface{a, b}))
	require.NoError(t, err)
	_, err = f.Find("PS", ir.Pixel)
	require.Error(t, err)
	errs := ir.Errors(err)
	require.Len(t, errs, 1)
	assert.Equal(t, f.Interfaces[1].Pos, errs[0].Pos)
	assert.Positive(t, errs[0].Pos.Line)
	require.Len(t, errs[0].Notes, 1)
	assert.Equal(t, f.Interfaces[0].Pos, errs[0].Notes[0].Pos)
	_, err = f.Find("main", ir.Vertex)
	require.Error(t, err)
	assert.Equal(t, f.Pos, ir.Errors(err)[0].Pos)
	assert.Equal(t, 3, f.Pos.Line, "the interfaces' line")

	empty, err := Read("x.layout", []byte("{\n  \"schema\": \""+Schema+"\",\n  \"interfaces\": []\n}\n"))
	require.NoError(t, err)
	_, err = empty.Find("VS", ir.Vertex)
	assert.EqualError(t, err, "x.layout:3:17: error: the layout file holds no interface")
}
