package ir

import (
	"bytes"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReporter(t *testing.T) {
	errs := func() ErrorList {
		return ErrorList{
			{Pos: Pos{File: "b.hlsl", Line: 2, Col: 1}, Msg: "second"},
			{Pos: Pos{File: "a.hlsl", Line: 1, Col: 1}, Msg: "first"},
			{Pos: Pos{File: "a.hlsl", Line: 3, Col: 1}, Msg: "careful", Warning: true},
		}
	}
	for _, tc := range []struct {
		name string
		r    Reporter
		sort bool
		want string
	}{
		{"sorted", Reporter{Printer: DiagPrinter{Style: DiagPlain}}, true,
			"a.hlsl:1:1: error: first\na.hlsl:3:1: warning: careful\nb.hlsl:2:1: error: second\n"},
		{"as given", Reporter{Printer: DiagPrinter{Style: DiagPlain}}, false,
			"b.hlsl:2:1: error: second\na.hlsl:1:1: error: first\na.hlsl:3:1: warning: careful\n"},
		{"at most one", Reporter{Printer: DiagPrinter{Style: DiagPlain}, Max: 1}, true,
			"a.hlsl:1:1: error: first\nshpack: 2 more errors not shown (max-errors=0 shows all)\n"},
		{"quiet drops warnings", Reporter{Printer: DiagPrinter{Style: DiagPlain}, Quiet: true}, true,
			"a.hlsl:1:1: error: first\nb.hlsl:2:1: error: second\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var b bytes.Buffer
			tc.r.W = &b
			tc.r.Report(errs(), tc.sort)
			tc.r.Notes(Note{Pos: Pos{File: "a.hlsl", Line: 4, Col: 2}, Msg: "a note"})
			want := tc.want
			if !tc.r.Quiet {
				want += "a.hlsl:4:2: note: a note\n"
			}
			assert.Equal(t, want, b.String())
			require.NoError(t, tc.r.Finish())
			assert.Equal(t, want, b.String(), "no document without Doc")
		})
	}
	t.Run("json document", func(t *testing.T) {
		var b bytes.Buffer
		r := Reporter{W: &b, Doc: "json"}
		r.Report(errs(), true)
		r.Notes(Note{Pos: Pos{File: "a.hlsl", Line: 4, Col: 2}, Msg: "a note"}, Note{Msg: "about the run", Hints: []Hint{{Option: OptAll}}})
		assert.Empty(t, b.String(), "nothing before Finish")
		require.NoError(t, r.Finish())
		var doc struct {
			Diagnostics []struct {
				Severity string `json:"severity"`
				File     string `json:"file"`
				Line     int    `json:"line"`
				Message  string `json:"message"`
			} `json:"diagnostics"`
		}
		require.NoError(t, json.Unmarshal(b.Bytes(), &doc), b.String())
		require.Len(t, doc.Diagnostics, 5)
		assert.Equal(t, "error", doc.Diagnostics[0].Severity)
		assert.Equal(t, "first", doc.Diagnostics[0].Message)
		assert.Equal(t, "warning", doc.Diagnostics[1].Severity)
		assert.Equal(t, "note", doc.Diagnostics[3].Severity)
		assert.Equal(t, 4, doc.Diagnostics[3].Line)
		assert.Equal(t, "", doc.Diagnostics[4].File, "a note of the run names no file")
		assert.Equal(t, "about the run (all)", doc.Diagnostics[4].Message, "hints rendered as the printer renders them")
		assert.Contains(t, b.String(), `"hints": [`)
	})
	t.Run("colour", func(t *testing.T) {
		var b bytes.Buffer
		r := Reporter{W: &b, Printer: DiagPrinter{Color: true}}
		r.Notes(Note{Pos: Pos{File: "a.hlsl", Line: 4, Col: 2}, Msg: "a note"})
		assert.Equal(t, Colorize("a.hlsl:4:2", "note")+"a note\n", b.String())
	})
	t.Run("hints and the tool", func(t *testing.T) {
		var b bytes.Buffer
		flag := func(h Hint) string { return "--" + string(h.Option) + "=" + h.Value }
		r := Reporter{W: &b, Max: 1, Printer: DiagPrinter{Style: DiagPlain, Tool: "shpack", Hint: flag}}
		r.Report(ErrorList{
			{Pos: Pos{File: "a.fx"}, Msg: "several functions qualify: choose one", Hints: []Hint{{Option: OptStruct, Value: "NAME"}, {Option: OptEntry, Value: "NAME"}}},
			{Pos: Pos{File: "b.fx"}, Msg: "another"},
		}, true)
		r.Notes(Note{Msg: "said of the run"})
		assert.Equal(t, "a.fx: error: several functions qualify: choose one (--struct=NAME or --entry=NAME)\n"+
			"shpack: 1 more errors not shown (--max-errors=0 shows all)\n"+
			"shpack: note: said of the run\n", b.String())
		e := &Error{Msg: "choose one", Hints: []Hint{{Option: OptEntry, Value: "NAME"}}}
		assert.Equal(t, "error: choose one (entry=NAME)", e.Error(), "the library's own words without a renderer")
	})
}
