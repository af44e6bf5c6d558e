package main

import (
	"encoding/json"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/shpack/shpack/internal/testenv"
	"github.com/shpack/shpack/ir"
	"github.com/shpack/shpack/layoutfile"
)

// The library's Go half (request.go, options.go, includes.go), without a
// C compiler: these run in every test run, the race detector's and the
// Windows build's under Wine included.

// testPair is an overflowing pair: 12 outputs besides POSITION, one
// register each with one per semantic; its struct is in a header.
const testPair = `#include "common.h"
VS_OUT vs_main(float4 p : POSITION)
{
    VS_OUT o = (VS_OUT)0;
    o.pos = p;
    return o;
}
float4 ps_main(VS_OUT i) : COLOR
{
    return float4(i.a0 + i.a1 + i.a2 + i.a3 + i.a4 + i.a5, i.a6 + i.a7 + i.n0, i.n1.x + i.b0, i.g0);
}
`

const testCommon = `struct VS_OUT
{
    float4 pos : POSITION;
    float2 a0 : TEXCOORD0; float2 a1 : TEXCOORD1; float2 a2 : TEXCOORD2; float2 a3 : TEXCOORD3;
    float2 a4 : TEXCOORD4; float2 a5 : TEXCOORD5; float a6 : TEXCOORD6; float a7 : TEXCOORD7;
    float n0 : NORMAL0; float2 n1 : NORMAL1; float b0 : BINORMAL0; float g0 : TANGENT0;
};
`

// serveFiles is an open callback over files by the name asked, logging
// each call.
func serveFiles(files map[string]string, log *[]string) func(system bool, name, parent string) ([]byte, bool, error) {
	return func(system bool, name, parent string) ([]byte, bool, error) {
		if log != nil {
			*log = append(*log, fmt.Sprintf("%v %s %q", system, name, parent))
		}
		src, ok := files[name]
		return []byte(src), ok, nil
	}
}

func pairRequest() *request {
	return &request{
		source: []byte(testPair), name: "pair.hlsl",
		open:    serveFiles(map[string]string{"common.h": testCommon}, nil),
		vsEntry: "vs_main", psEntry: "ps_main",
	}
}

// diagMessages are the severities and messages of a diagnostics document.
func diagMessages(t *testing.T, doc []byte) []string {
	t.Helper()
	var d diagDoc
	require.NoError(t, json.Unmarshal(doc, &d), "%s", doc)
	require.Equal(t, "shpack.diagnostics/1", d.Schema)
	var out []string
	for _, x := range d.Diagnostics {
		out = append(out, fmt.Sprintf("%s %s:%d: %s", x.Severity, x.File, x.Line, x.Message))
	}
	return out
}

func TestSplitWords(t *testing.T) {
	for _, c := range []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"  --all\t--mix-color\n", []string{"--all", "--mix-color"}},
		{`-I "C:\Program Files\Game\shaders" -D 'MSG=a b'`, []string{`-I`, `C:\Program Files\Game\shaders`, "-D", "MSG=a b"}},
		{`-DNAME="x y"z ""`, []string{"-DNAME=x yz", ""}},
		{`-D 'Q="'`, []string{"-D", `Q="`}},
	} {
		got, err := splitWords(c.in)
		require.NoError(t, err, c.in)
		assert.Equal(t, c.want, got, c.in)
	}
	_, err := splitWords(`-D "open`)
	assert.EqualError(t, err, `options: a " quote is not closed`)
}

func TestParseOptions(t *testing.T) {
	o, err := parseOptions(`--all --strategy=fxc --semantics texcoord --mix-color -DFOO -D BAR=2 --D=BAZ -I inc -Iinc2 --allow-missing-includes -v`)
	require.NoError(t, err)
	assert.Equal(t, &options{all: true, strategy: "fxc", semantics: "texcoord", mixColor: true,
		defines: []string{"FOO", "BAR=2", "BAZ"}, includeDirs: []string{"inc", "inc2"}, allowMissingIncludes: true, verbose: true}, o)
	o, err = parseOptions("--layout-out -q --all=false")
	require.NoError(t, err)
	assert.Equal(t, &options{layoutOut: true, quiet: true}, o)

	for in, want := range map[string]string{
		"--strategy=best":            `options: --strategy=best: unknown strategy "best" (known: `,
		"--semantics=usage":          "options: --semantics=usage: unknown (known: member, texcoord)",
		"--strategy":                 "options: --strategy needs a value",
		"-D":                         "options: -D needs a value",
		"--layout-out=x.json":        "options: --layout-out=x.json: --layout-out takes no file here",
		"-o out.hlsl":                "options: -o is not taken by shpack_rewrite: it writes a file",
		"--variants=v.txt":           "options: --variants is not taken by shpack_rewrite: it lists permutations in a file",
		"--vs-entry=main":            "options: --vs-entry is not taken by shpack_rewrite: it is the request's vs_entry",
		"--diagnostics-format=sarif": "options: --diagnostics-format is not taken by shpack_rewrite",
		"--mixcolor":                 "options: unknown option --mixcolor; did you mean --mix-color?",
		"--frobnicate":               "options: unknown option --frobnicate (taken: --all ",
		"pair.hlsl":                  `options: "pair.hlsl" is not an option`,
		"-v -q":                      "options: -v and -q cannot be used together",
		"--layout=a --layout-out":    "options: --layout and --layout-out cannot be used together",
		"--all=maybe":                "options: --all=maybe: not true or false",
	} {
		_, err := parseOptions(in)
		if assert.Error(t, err, in) {
			assert.Contains(t, err.Error(), want, in)
		}
	}
}

func TestJoinName(t *testing.T) {
	for _, c := range [][3]string{
		{"pair.hlsl", "common.h", "common.h"},
		{"shaders/pair.hlsl", "common.h", "shaders/common.h"},
		{`C:\game\shaders\pair.hlsl`, `lib\light.h`, "C:/game/shaders/lib/light.h"},
		{"shaders/lib/a.h", "../b.h", "shaders/b.h"},
		{"a.h", "../../b.h", "../../b.h"},
		{"shaders/./a.h", "./b.h", "shaders/b.h"},
		{"shaders/a.h", "/abs/b.h", "/abs/b.h"},
		{"shaders/a.h", "D:/b.h", "D:/b.h"},
		{"/root/a.h", "b.h", "/root/b.h"},
	} {
		assert.Equal(t, c[2], joinName(c[0], c[1]), "%s + %s", c[0], c[1])
	}
}

// TestRewritePair: the pair packed, its header served by open, a note
// per vertex shader packed (every note with -v, none with -q); with
// --layout-out the layout too.
func TestRewritePair(t *testing.T) {
	var log []string
	r := pairRequest()
	r.open = serveFiles(map[string]string{"common.h": testCommon}, &log)
	resp := r.rewrite()
	require.Equal(t, codeOK, resp.code, "%s", resp.diagnostics)
	assert.Contains(t, string(resp.text), "struct vs_main_Packed")
	assert.Equal(t, []string{`false common.h ""`}, log)
	assert.Equal(t, []string{"note pair.hlsl:2: vs_main: 13 outputs packed into 5 general registers (one register per semantic: 12)"}, diagMessages(t, resp.diagnostics))
	assert.Nil(t, resp.layout)

	r = pairRequest()
	r.options = "-q --layout-out"
	resp = r.rewrite()
	require.Equal(t, codeOK, resp.code, "%s", resp.diagnostics)
	assert.Empty(t, diagMessages(t, resp.diagnostics))
	lf, err := layoutfile.Read("layout", resp.layout)
	require.NoError(t, err)
	require.Len(t, lf.Interfaces, 1)
	assert.Equal(t, []string{"vs_main"}, lf.Interfaces[0].VertexShaders)
	assert.Equal(t, []string{"ps_main"}, lf.Interfaces[0].PixelShaders)

	// A pair that fits comes back byte for byte; -v says why.
	r = &request{source: []byte("float4 vs(float4 p : POSITION) : POSITION { return p; }\nfloat4 ps() : COLOR { return 1; }\n"), vsEntry: "vs", psEntry: "ps", options: "-v"}
	resp = r.rewrite()
	require.Equal(t, codeOK, resp.code, "%s", resp.diagnostics)
	assert.Equal(t, string(r.source), string(resp.text))
	notes := diagMessages(t, resp.diagnostics)
	require.NotEmpty(t, notes)
	assert.Contains(t, notes[0], "note <source>:")

	// An empty source is a source: nothing to rewrite, an empty text.
	resp = (&request{source: []byte{}}).rewrite()
	require.Equal(t, codeOK, resp.code, "%s", resp.diagnostics)
	assert.NotNil(t, resp.text)
	assert.Empty(t, resp.text)
}

// TestRewriteStages: the vertex stage alone records its layout, the pixel
// stage alone applies it from memory, each with defines of its own; the
// requests that cannot be run are bad requests.
func TestRewriteStages(t *testing.T) {
	r := pairRequest()
	r.psEntry, r.options, r.defines = "", "--layout-out", []string{"COMPILEVS"}
	vs := r.rewrite()
	require.Equal(t, codeOK, vs.code, "%s", vs.diagnostics)
	require.NotNil(t, vs.layout)

	r = pairRequest()
	r.vsEntry, r.layout, r.defines = "", vs.layout, []string{"COMPILEPS"}
	ps := r.rewrite()
	require.Equal(t, codeOK, ps.code, "%s", ps.diagnostics)
	assert.Contains(t, string(ps.text), "struct ps_main_Packed")

	// A layout that does not read is the input's error, at its line.
	r.layout = []byte("{\"schema\": \"shpack.interface/1\",\n \"interfaces\": 3}\n")
	bad := r.rewrite()
	assert.Equal(t, codeErrors, bad.code)
	msgs := diagMessages(t, bad.diagnostics)
	require.Len(t, msgs, 1)
	assert.Contains(t, msgs[0], "error <layout>:2: ")

	for _, c := range []struct {
		change func(r *request)
		want   string
	}{
		{func(r *request) { r.psEntry = "" }, "vs_entry alone rewrites the vertex stage alone"},
		{func(r *request) { r.vsEntry = "" }, "ps_entry alone rewrites the pixel stage alone"},
		{func(r *request) { r.vsEntry, r.options = "", "--layout-out" }, "--layout-out records a vertex shader's layout"},
		{func(r *request) { r.layout = []byte("{}") }, "a layout applies to one stage rewritten alone"},
		{func(r *request) { r.psEntry, r.layout, r.options = "", []byte("{}"), "--layout=x.json" }, "--layout=x.json and the request's layout: give one"},
		{func(r *request) { r.psEntry, r.layout, r.options = "", []byte("{}"), "--layout-out" }, "--layout-out and the request's layout cannot be used together"},
		{func(r *request) { r.options = "-I shaders" }, "-I shaders: include folders are searched when open is NULL"},
	} {
		r := pairRequest()
		c.change(r)
		resp := r.rewrite()
		assert.Equal(t, codeBadRequest, resp.code, c.want)
		assert.Nil(t, resp.text)
		msgs := diagMessages(t, resp.diagnostics)
		if assert.Len(t, msgs, 1) {
			assert.Contains(t, msgs[0], c.want)
		}
	}
}

// TestRewriteIncludes: the callback is asked as ID3DInclude is, with the
// including file's name as asked; a header two names give with the same
// bytes is one file (#pragma once holds), and headers of one name in two
// folders are two files.
func TestRewriteIncludes(t *testing.T) {
	files := map[string]string{ // by the including file's name as asked, and the name
		"|a/x.h":    "#include \"z.h\"\n#include \"y.h\"\n",
		"a/x.h|z.h": "#define ZA 1\n",
		"a/x.h|y.h": "#include \"b/w.h\"\n",
		"y.h|b/w.h": "#pragma once\n#include \"z.h\"\nstruct W { float f; };\n",
		"b/w.h|z.h": "#define ZB 2\n",
		"|B/W.H":    "#pragma once\n#include \"z.h\"\nstruct W { float f; };\n", // b/w.h again
		"|<sys.h>":  "#define SYS 1\n",
	}
	var log []string
	open := func(system bool, name, parent string) ([]byte, bool, error) {
		log = append(log, fmt.Sprintf("%v %s %q", system, name, parent))
		key := parent + "|" + name
		if system {
			key = parent + "|<" + name + ">"
		}
		src, ok := files[key]
		return []byte(src), ok, nil
	}
	src := "#include \"a/x.h\"\n#include \"B/W.H\"\n#include <sys.h>\nstatic const float k = SYS * ZA * ZB;\nfloat4 vs(float4 p : POSITION) : POSITION { return p * k; }\n"
	resp := (&request{source: []byte(src), name: "main.hlsl", open: open, vsEntry: "vs", options: "--layout-out"}).rewrite()
	require.Equal(t, codeOK, resp.code, "%s", resp.diagnostics)
	assert.Equal(t, []string{
		`false a/x.h ""`,
		`false z.h "a/x.h"`,
		`false y.h "a/x.h"`,
		`false b/w.h "y.h"`,
		`false z.h "b/w.h"`,
		`false B/W.H ""`, // the same bytes as b/w.h: one file, #pragma once holds
		`true sys.h ""`,
	}, log)

	resp = (&request{source: []byte("#include \"gone.h\"\n"), name: "main.hlsl", open: open}).rewrite()
	assert.Equal(t, codeErrors, resp.code)
	assert.Equal(t, []string{`error main.hlsl:1: cannot open include file "gone.h": not found (the include callback has no such file)`}, diagMessages(t, resp.diagnostics))
	resp = (&request{source: []byte("#include \"gone.h\"\n"), name: "main.hlsl", open: open, options: "--allow-missing-includes"}).rewrite()
	assert.Equal(t, codeOK, resp.code)
	assert.Equal(t, []string{`warning main.hlsl:1: include file "gone.h" not found (the include callback has no such file); skipped`}, diagMessages(t, resp.diagnostics))
}

// TestRewriteConcurrent: rewrites at once from many goroutines give the
// same bytes (run with -race by .ci/run).
func TestRewriteConcurrent(t *testing.T) {
	want := pairRequest().rewrite()
	require.Equal(t, codeOK, want.code)
	var wg sync.WaitGroup
	got := make([]response, 8)
	for i := range got {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 3 {
				got[i] = pairRequest().rewrite()
			}
		}()
	}
	wg.Wait()
	for i, g := range got {
		assert.Equal(t, want, g, "goroutine %d", i)
	}
}

// TestGuarded: a panic is a diagnostic "internal error: ..." with the
// code given, and where it happened as notes.
func TestGuarded(t *testing.T) {
	resp := guarded(codeErrors, func() response {
		var m map[string]int
		m["boom"]++ // a nil map: a runtime panic
		return response{}
	})
	assert.Equal(t, codeErrors, resp.code)
	assert.Nil(t, resp.text)
	var d struct {
		Diagnostics []struct {
			Severity, Message string
			Notes             []struct{ File, Message string }
		}
	}
	require.NoError(t, json.Unmarshal(resp.diagnostics, &d))
	require.Len(t, d.Diagnostics, 1)
	assert.Equal(t, "error", d.Diagnostics[0].Severity)
	assert.True(t, strings.HasPrefix(d.Diagnostics[0].Message, "internal error: assignment to entry in nil map"), d.Diagnostics[0].Message)
	require.NotEmpty(t, d.Diagnostics[0].Notes)
	assert.Contains(t, d.Diagnostics[0].Notes[0].File, "request_test.go")
	assert.Equal(t, codeOK, guarded(codeErrors, func() response { return response{code: codeOK} }).code)
}

// TestRewriteEffect: an effect (no entry points named: its techniques
// pair them) whose vertex shader is defined in an included header, which
// the rewrite copies out and edits (includer.read gives it the header
// again). Read through open, and from the file system by fxc's rule
// relative to source_name, the result is the same, and it is what
// shpack rewrite writes (the output is checked by the command's tests).
func TestRewriteEffect(t *testing.T) {
	dir := filepath.Join(testenv.Root(t), "corpus", "rewrite")
	src, err := os.ReadFile(filepath.Join(dir, "entry_in_include.fx"))
	require.NoError(t, err)
	header, err := os.ReadFile(filepath.Join(dir, "entry_in_include.fxh"))
	require.NoError(t, err)
	var log []string
	viaOpen := (&request{source: src, name: "entry_in_include.fx",
		open: serveFiles(map[string]string{"entry_in_include.fxh": string(header)}, &log)}).rewrite()
	require.Equal(t, codeOK, viaOpen.code, "%s", viaOpen.diagnostics)
	assert.Equal(t, []string{`false entry_in_include.fxh ""`}, log)
	assert.Contains(t, string(viaOpen.text), "IncludedVS_Packed")
	assert.Equal(t, []string{"note entry_in_include.fxh:18: IncludedVS: 12 outputs packed into 3 general registers (one register per semantic: 11)"}, diagMessages(t, viaOpen.diagnostics))

	name := filepath.Join(dir, "entry_in_include.fx")
	viaFiles := (&request{source: src, name: name}).rewrite()
	require.Equal(t, codeOK, viaFiles.code, "%s", viaFiles.diagnostics)
	// The same text, but for the files' names in #line.
	noLines := func(text []byte) []string {
		var out []string
		for _, l := range strings.Split(string(text), "\n") {
			if !strings.HasPrefix(l, "#line ") {
				out = append(out, l)
			}
		}
		return out
	}
	assert.Equal(t, noLines(viaOpen.text), noLines(viaFiles.text))
	assert.Contains(t, string(viaFiles.text), "entry_in_include.fxh\"")
}

// TestHintsAsRequestFields: what a diagnostic says to choose is rendered
// as a request sets it (the pair as its fields, the rest as options),
// and kept as data, the pair's two fields both.
func TestHintsAsRequestFields(t *testing.T) {
	resp := (&request{source: []byte("float4 f(float4 p : POSITION) : POSITION { return p; }\n"), options: "-v"}).rewrite()
	require.Equal(t, codeOK, resp.code, "%s", resp.diagnostics)
	var doc struct {
		Diagnostics []struct {
			Message string `json:"message"`
			Hints   []struct {
				Option string `json:"option"`
				Value  string `json:"value"`
			} `json:"hints"`
		} `json:"diagnostics"`
	}
	require.NoError(t, json.Unmarshal(resp.diagnostics, &doc))
	require.Len(t, doc.Diagnostics, 1)
	d := doc.Diagnostics[0]
	assert.True(t, strings.HasSuffix(d.Message, "nothing to rewrite unless a pair is named (vs_entry=NAME ps_entry=NAME)"), d.Message)
	require.Len(t, d.Hints, 2)
	assert.Equal(t, "vs-entry", d.Hints[0].Option)
	assert.Equal(t, "ps-entry", d.Hints[1].Option)
	assert.Equal(t, "--all", requestHint(ir.Hint{Option: ir.OptAll}))
	assert.Equal(t, "--layout=FILE", requestHint(ir.Hint{Option: ir.OptLayout, Value: "FILE"}))
}
